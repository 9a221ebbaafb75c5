import { OpenAPIHono, type RouteConfig, type RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../env";
import { validationHook } from "./validation";

/** A router whose routes are declared with zod schemas and validated with the shared error body. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** The handler of one declared route: params, query, body and answer typed from the route. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
