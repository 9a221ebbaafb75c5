import { findJobByHash, findUploadSlot, insertUploadSlot } from "../../db/jobs";
import type { Db } from "../../env";
import { JOBS } from "../../jobs";
import { badRequest } from "../../lib/errors";
import { sha256OfStream } from "../../lib/hashing";
import type { UploadSigner } from "../../platform/upload-signer";
import { createJob, type JobCreation, type JobQueue, reuseExistingJob } from "../jobs/create-job";
import { type JobParamsInput, resolveJobType, storedJobType, type UploadRoute } from "../jobs/types";
import { contentTypeOfPart, isAllowedContentType, normalizeContentType } from "./content-types";
import { sanitizeFileName } from "./file-name";
import {
  ACTION_INVALID,
  CONTENT_TYPE_REQUIRED,
  contentTypeNotAllowed,
  EMPTY_FILE,
  FILE_NAME_REQUIRED,
  FILE_NOT_UPLOADED,
  FILE_REQUIRED,
  fileTooLarge,
  KEY_REQUIRED,
  SIZE_REQUIRED,
  UPLOAD_LARGER_THAN_DECLARED,
  UPLOAD_NOT_FOUND,
} from "./messages";
import { discardObject, newUploadKey, withStorage } from "./storage";

export type UploadDeps = {
  db: Db;
  bucket: R2Bucket;
  queue: JobQueue;
  account: string;
  companyId: number;
  userId: number;
  maxBytes: number;
  ttlSeconds: number;
  /** Built only when a URL is asked for, so a missing signing secret never blocks a confirmation. */
  signer: () => UploadSigner;
  now?: () => Date;
};

/** JSON body of the upload routes. */
export type UploadActionBody = JobParamsInput & {
  Action?: string;
  FileName?: string;
  ContentType?: string;
  SizeBytes?: number;
  Type?: string;
  Key?: string;
};

/** Multipart body of the upload routes. */
export type DirectUploadForm = JobParamsInput & { file?: unknown; Type?: string };

export type UploadUrlAnswer = {
  UploadUrl: string;
  Key: string;
  Method: "PUT";
  Headers: Record<string, string>;
  SizeBytes: number;
  ExpiresIn: number;
};

export type UploadActionResult = { kind: "url"; answer: UploadUrlAnswer } | { kind: "job"; job: JobCreation };

const utcTimestamp = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

export async function runUploadAction(
  deps: UploadDeps,
  route: UploadRoute,
  body: UploadActionBody,
): Promise<UploadActionResult> {
  if (body.Action === "RequestUploadUrl")
    return { kind: "url", answer: await requestUploadUrl(deps, route, body) };
  if (body.Action === "ConfirmUpload") return { kind: "job", job: await confirmUpload(deps, route, body) };
  throw badRequest(ACTION_INVALID);
}

/** Step 1: validates what will be uploaded, records the slot and answers where and how to PUT it. */
export async function requestUploadUrl(
  deps: UploadDeps,
  route: UploadRoute,
  body: UploadActionBody,
): Promise<UploadUrlAnswer> {
  const { type, definition } = resolveJobType(JOBS, route, body.Type);
  const fileName = body.FileName?.trim();
  if (!fileName) throw badRequest(FILE_NAME_REQUIRED);
  const contentType = normalizeContentType(body.ContentType ?? "");
  if (!contentType) throw badRequest(CONTENT_TYPE_REQUIRED);
  if (!isAllowedContentType(contentType, definition.contentTypes)) {
    throw badRequest(contentTypeNotAllowed(contentType, type, definition.contentTypes));
  }
  const sizeBytes = body.SizeBytes;
  if (sizeBytes === undefined || sizeBytes <= 0) throw badRequest(SIZE_REQUIRED);
  if (sizeBytes > deps.maxBytes) throw badRequest(fileTooLarge(deps.maxBytes));
  const params = await definition.params(deps.db, deps.companyId, body);

  const now = deps.now?.() ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + deps.ttlSeconds;
  const key = newUploadKey(deps.account, deps.companyId, route);
  const signed = await deps
    .signer()
    .sign({ key, contentType, sizeBytes, expires, ttlSeconds: deps.ttlSeconds });
  await insertUploadSlot(deps.db, {
    key,
    companyId: deps.companyId,
    route,
    jobType: type,
    params: JSON.stringify(params),
    fileName: sanitizeFileName(fileName),
    contentType,
    sizeBytes,
    expiresAt: utcTimestamp(new Date(expires * 1000)),
    createdBy: deps.userId,
  });
  return {
    UploadUrl: signed.url,
    Key: key,
    Method: "PUT",
    Headers: signed.headers,
    SizeBytes: sizeBytes,
    ExpiresIn: deps.ttlSeconds,
  };
}

/** Step 2: the uploaded object of the caller's slot becomes a job (or the existing job of its content). */
export async function confirmUpload(
  deps: UploadDeps,
  route: UploadRoute,
  body: UploadActionBody,
): Promise<JobCreation> {
  const key = body.Key?.trim();
  if (!key) throw badRequest(KEY_REQUIRED);
  const slot = await findUploadSlot(deps.db, deps.companyId, route, key);
  const stored = slot && storedJobType(JOBS, slot.jobType);
  if (!slot || !stored) throw badRequest(UPLOAD_NOT_FOUND);
  // Parameters are checked again: the bank account may have been deactivated since the URL was issued.
  const params = await stored.definition.params(
    deps.db,
    deps.companyId,
    JSON.parse(slot.params) as JobParamsInput,
  );

  const object = await withStorage("ler o arquivo enviado", () => deps.bucket.get(key));
  if (!object) throw badRequest(FILE_NOT_UPLOADED);
  if (object.size > slot.sizeBytes || object.size > deps.maxBytes) {
    await object.body.cancel();
    await discardObject(deps.bucket, key);
    throw badRequest(UPLOAD_LARGER_THAN_DECLARED);
  }
  if (object.size === 0) {
    await object.body.cancel();
    throw badRequest(EMPTY_FILE);
  }
  const fileHash = await withStorage("ler o arquivo enviado", () => sha256OfStream(object.body));
  const job = await createJob(deps, {
    companyId: deps.companyId,
    route,
    type: stored.type,
    params: JSON.stringify(params),
    fileKey: key,
    fileName: slot.fileName,
    contentType: slot.contentType,
    sizeBytes: object.size,
    fileHash,
    createdBy: deps.userId,
  });
  // The same content already had a job with its own copy of the file: this copy is not needed.
  if (job.fileKey !== key) await discardObject(deps.bucket, key);
  return job;
}

/** Direct multipart upload: stored in R2, hashed and turned into a job, like a confirmed upload. */
export async function directUpload(
  deps: UploadDeps,
  route: UploadRoute,
  form: DirectUploadForm,
): Promise<JobCreation> {
  const { type, definition } = resolveJobType(JOBS, route, form.Type);
  const file = form.file;
  if (!(file instanceof File)) throw badRequest(FILE_REQUIRED);
  if (file.size === 0) throw badRequest(EMPTY_FILE);
  if (file.size > deps.maxBytes) throw badRequest(fileTooLarge(deps.maxBytes));
  const contentType = contentTypeOfPart(file.type, file.name);
  if (!isAllowedContentType(contentType, definition.contentTypes)) {
    throw badRequest(contentTypeNotAllowed(contentType, type, definition.contentTypes));
  }
  const params = await definition.params(deps.db, deps.companyId, form);
  const request = {
    companyId: deps.companyId,
    route,
    type,
    params: JSON.stringify(params),
    fileName: sanitizeFileName(file.name),
    contentType,
    sizeBytes: file.size,
    fileHash: await sha256OfStream(file.stream()),
    createdBy: deps.userId,
  };
  const existing = await findJobByHash(deps.db, deps.companyId, route, request.fileHash);
  if (existing) return reuseExistingJob(deps, existing, { ...request, fileKey: existing.fileKey });

  const key = newUploadKey(deps.account, deps.companyId, route);
  await withStorage("gravar o arquivo", () =>
    deps.bucket.put(key, file, {
      httpMetadata: { contentType },
      customMetadata: { fileName: encodeURIComponent(request.fileName) },
    }),
  );
  const job = await createJob(deps, { ...request, fileKey: key });
  if (job.fileKey !== key) await discardObject(deps.bucket, key);
  return job;
}
