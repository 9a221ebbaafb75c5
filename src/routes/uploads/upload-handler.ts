import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { JOB_ALREADY_EXISTS, JOB_SCHEDULED } from "../../domain/jobs/messages";
import type { UploadRoute } from "../../domain/jobs/types";
import { BODY_KIND_REQUIRED } from "../../domain/uploads/messages";
import {
  type DirectUploadForm,
  directUpload,
  runUploadAction,
  type UploadActionBody,
  type UploadDeps,
} from "../../domain/uploads/upload-flow";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { maxUploadBytes } from "../../middleware/limits";
import { uploadSigner } from "../../platform/upload-signer";

const DEFAULT_URL_TTL_SECONDS = 900;

const isMultipart = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? "");
const isJson = (contentType: string | undefined) =>
  /^application\/([a-z.-]+\+)?json/i.test(contentType ?? "");

/**
 * Upload routes take JSON actions or multipart; anything else is a validation failure (400, the spec's
 * status for these routes), not a 415, with the code of a wrong media type.
 */
export const requireUploadBody = createMiddleware<AppEnv>(async (c, next) => {
  const contentType = c.req.header("content-type");
  if (!isJson(contentType) && !isMultipart(contentType))
    throw new ApiError(400, BODY_KIND_REQUIRED, { code: "unsupported_media_type" });
  await next();
});

export function uploadDeps(c: Context<AppEnv>): UploadDeps {
  const caller = c.get("caller");
  const workerBase = `${new URL(c.req.url).origin}/${c.get("version")}`;
  return {
    db: c.get("db"),
    bucket: c.env.UPLOADS,
    queue: c.env.JOBS,
    account: c.get("account"),
    companyId: caller.companyId,
    userId: caller.userId,
    maxBytes: maxUploadBytes(c.env),
    ttlSeconds: Number(c.env.UPLOAD_URL_TTL_SECONDS) || DEFAULT_URL_TTL_SECONDS,
    signer: () => uploadSigner(c.env, workerBase),
  };
}

/** The 200 answer of an upload route: the upload URL of step 1, or the job of step 2 / multipart. */
export async function answerUpload(
  c: Context<AppEnv>,
  route: UploadRoute,
  json: UploadActionBody,
  form: DirectUploadForm,
) {
  const deps = uploadDeps(c);
  if (isMultipart(c.req.header("content-type"))) {
    const job = await directUpload(deps, route, form);
    return { IDJob: job.jobId, Message: job.created ? JOB_SCHEDULED : JOB_ALREADY_EXISTS };
  }
  const result = await runUploadAction(deps, route, json);
  if (result.kind === "url") return result.answer;
  return { IDJob: result.job.jobId, Message: result.job.created ? JOB_SCHEDULED : JOB_ALREADY_EXISTS };
}
