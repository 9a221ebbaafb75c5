import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { AppEnv } from "../env";
import { ApiError, UNAUTHORIZED } from "../lib/errors";
import { errorFields, log } from "../lib/log";
import { describeZodError } from "./validation";

/** The single place that turns a thrown error into `{"errorMessage": ...}`. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ApiError) return c.json({ errorMessage: error.message }, error.status, error.headers);
  if (error instanceof ZodError) return c.json({ errorMessage: describeZodError(error) }, 400);
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413)
      return c.json({ errorMessage: "Corpo da requisição excede o tamanho máximo permitido" }, 413);
    if (status === 401) return c.json({ errorMessage: UNAUTHORIZED }, 401);
    if (status === 400) {
      const malformed = /malformed|json|parse/i.test(error.message);
      return c.json(
        { errorMessage: malformed ? "JSON malformado no corpo da requisição" : error.message },
        400,
      );
    }
    if (status < 500) return c.json({ errorMessage: error.message || "Requisição inválida" }, status);
  }
  const requestId = c.get("requestId");
  log("error", "unhandled error", {
    requestId,
    path: c.req.path,
    method: c.req.method,
    ...errorFields(error),
  });
  return c.json({ errorMessage: `Error: Falha interna. Código da requisição: ${requestId}` }, 500);
}

export function handleNotFound(c: Context<AppEnv>): Response {
  return c.json({ errorMessage: "Rota não encontrada" }, 404);
}
