import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

const DEFAULT_MAX_BODY = 1024 * 1024;
const DEFAULT_MAX_UPLOAD = 20 * 1024 * 1024;

/** Routes that carry files: they get the upload limit instead of the JSON body limit. */
const FILE_ROUTES =
  /^\/(?:\d+\.\d+\/)?(?:upload\/|job$|sku\/template$|orders\/template$|hub\/order\/(?:claim\/)?\d+\/action\/file$)/;

export function maxUploadBytes(env: AppEnv["Bindings"]): number {
  return Number(env.MAX_UPLOAD_BYTES) || DEFAULT_MAX_UPLOAD;
}

/** Refuses bodies above the configured size with 413 before anything reads them. */
export const limitBodySize = createMiddleware<AppEnv>(async (c, next) => {
  const isFileRoute = FILE_ROUTES.test(new URL(c.req.url).pathname);
  const maxSize = isFileRoute ? maxUploadBytes(c.env) : Number(c.env.MAX_BODY_BYTES) || DEFAULT_MAX_BODY;
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, `Corpo da requisição excede o tamanho máximo de ${maxSize} bytes`);
    },
  })(c, next);
});
