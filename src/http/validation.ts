import type { Hook } from "@hono/zod-openapi";
import type { z } from "zod";
import type { AppEnv } from "../env";
import { badRequest } from "../lib/errors";

/** One message naming the first invalid field, e.g. `Value: Value aceita no máximo 2 casas decimais`. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Requisição inválida";
  const path = issue.path.map(String).join(".");
  if (!path) return `Requisição inválida: ${issue.message}`;
  const field = String(issue.path[issue.path.length - 1]);
  return issue.message.includes(field) ? issue.message : `${path}: ${issue.message}`;
}

/** OpenAPI `defaultHook`: every validation failure becomes the same 400 error body. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) throw badRequest(describeZodError(result.error as z.ZodError));
};
