import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { log, withLogContext } from "../lib/log";

/**
 * Opens the log context of the request (every line written while it runs carries its id) and
 * writes one structured line per request: id, account, method, route path, status, duration.
 * No headers, no query strings (signed upload URLs carry their signature there), no bodies.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  await withLogContext({ requestId: c.get("requestId") }, () => next());
  log("info", "request", {
    requestId: c.get("requestId"),
    account: c.get("account"),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
    status: c.res.status,
    ms: Date.now() - started,
  });
});
