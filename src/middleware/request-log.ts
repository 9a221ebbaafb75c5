import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { log } from "../lib/log";

/** One structured line per request: id, account, method, route path, status, duration. No headers, no bodies. */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await next();
  log("info", "request", {
    requestId: c.get("requestId"),
    account: c.get("account"),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    status: c.res.status,
    ms: Date.now() - started,
  });
});
