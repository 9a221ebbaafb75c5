import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** A router whose routes are declared with zod schemas and validated with the shared error body. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
