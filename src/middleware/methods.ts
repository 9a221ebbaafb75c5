import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import type { RouteTable } from "../http/route-table";
import { ApiError } from "../lib/errors";
import { splitVersion } from "./tenant";

/**
 * A known path asked with a method it is not served with is a 405 naming the methods in `Allow`
 * (HEAD wherever GET is), before the token is checked: the paths and their methods are public
 * (`/openapi.json`). An unknown path goes on to the 401 or 404 it always had.
 */
export const refuseWrongMethod = (routes: RouteTable) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    const split = splitVersion(new URL(c.req.url).pathname);
    if (method === "OPTIONS" || !split) return next();
    const served = routes.methodsOf(split.path);
    if (served.length === 0 || served.includes(method)) return next();
    const allow = served.includes("GET") ? [...served, "HEAD"] : served;
    throw new ApiError(405, `Método ${c.req.method} não aceito em ${split.path}: use ${served.join(", ")}`, {
      headers: { Allow: allow.join(", ") },
    });
  });
