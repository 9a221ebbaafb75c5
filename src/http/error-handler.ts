import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import type { AppEnv } from "../env";
import { ApiError, codeForStatus, type ErrorCode, unauthorized } from "../lib/errors";
import { errorFields, log } from "../lib/log";
import type { RouteTable } from "./route-table";
import { validationError } from "./validation";

/** The body of every error answer: the spec's text, a code from `ERROR_CODES`, and sometimes a detail. */
export type ErrorBody = { errorMessage: string; code: ErrorCode; detail?: string };

/** The challenge of a 401 (RFC 9110 §11.6.1): the scheme, and for a refused token the RFC 6750 error. */
function challenge(code: ErrorCode): string {
  return code.startsWith("token_") && code !== "token_missing" ? 'JWT error="invalid_token"' : "JWT";
}

function answer(c: Context<AppEnv>, error: ApiError): Response {
  const body: ErrorBody = { errorMessage: error.message, code: error.code };
  if (error.detail) body.detail = error.detail;
  const headers = { ...error.headers };
  if (error.status === 401) headers["WWW-Authenticate"] ??= challenge(error.code);
  return c.json(body, error.status, headers);
}

const TOO_LARGE = "Corpo da requisição excede o tamanho máximo permitido";
const MEDIA_TYPE_NAMES: Record<string, string> = {
  "application/json": "application/json",
  "multipart/form-data": "multipart/form-data (campo file)",
};

/** The 415 of a body whose `Content-Type` the route does not declare: the text names the ones it does. */
function unsupportedMediaType(c: Context<AppEnv>, routes: RouteTable): ApiError {
  const declared = routes.mediaTypesOf(c.req.method, routePath(c));
  const accepted = (declared.length ? declared : ["application/json"]).map(
    (type) => MEDIA_TYPE_NAMES[type] ?? type,
  );
  const sent = c.req.header("Content-Type")?.split(";")[0]?.trim();
  return new ApiError(
    415,
    `Content-Type ${sent ? `${sent} ` : "ausente "}não aceito nesta rota: envie o corpo como ${accepted.join(" ou ")}`,
  );
}

/**
 * Hono's own refusals (body limit, the validators' malformed bodies, the media type gate of the
 * OpenAPI routes) in the service's words: their English text never reaches the client.
 */
function fromHttpException(error: HTTPException, c: Context<AppEnv>, routes: RouteTable): ApiError | null {
  const status = error.status;
  if (status >= 500) return null;
  if (status === 413) return new ApiError(413, TOO_LARGE);
  if (status === 401) return unauthorized();
  if (status === 415) return unsupportedMediaType(c, routes);
  if (status === 400) {
    if (/formdata/i.test(error.message))
      return new ApiError(400, "Corpo multipart/form-data malformado", { code: "validation_failed" });
    if (/json|malformed|parse/i.test(error.message))
      return new ApiError(400, "JSON malformado no corpo da requisição", { code: "malformed_json" });
  }
  return new ApiError(400, "Requisição inválida", { code: codeForStatus(status) });
}

/**
 * The single place that turns a thrown error into `{"errorMessage", "code", "detail"?}`: an `ApiError`
 * as it is, a zod failure as a 400 naming the field, Hono's refusals translated, anything else a 500
 * that names the request id and logs the fault.
 */
export function errorHandler(routes: RouteTable) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof ApiError) return answer(c, error);
    if (error instanceof ZodError) return answer(c, validationError(error));
    if (error instanceof HTTPException) {
      const refusal = fromHttpException(error, c, routes);
      if (refusal) return answer(c, refusal);
    }
    const requestId = c.get("requestId");
    log("error", "unhandled error", {
      requestId,
      path: c.req.path,
      method: c.req.method,
      ...errorFields(error),
    });
    return answer(c, new ApiError(500, `Error: Falha interna. Código da requisição: ${requestId}`));
  };
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return answer(c, new ApiError(404, "Rota não encontrada"));
}

/**
 * The net under the rule above: an error answer written directly (`c.json({ errorMessage }, 429)` in a
 * route or a middleware's own callback) gets the code of its status, and a 401 its challenge, so every
 * error body carries a `code` whoever wrote it. Answers that already have one pass untouched.
 */
export const completeErrorAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { status } = c.res;
  if (status < 400 || !/^application\/json/i.test(c.res.headers.get("Content-Type") ?? "")) return;
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  const { errorMessage, code } = body as Partial<ErrorBody>;
  if (typeof errorMessage !== "string" || code !== undefined) return;
  const headers = new Headers(c.res.headers);
  headers.delete("Content-Length");
  if (status === 401 && !headers.has("WWW-Authenticate")) headers.set("WWW-Authenticate", "JWT");
  c.res = undefined;
  c.res = new Response(JSON.stringify({ ...body, code: codeForStatus(status) }), {
    status: status as ContentfulStatusCode,
    headers,
  });
});
