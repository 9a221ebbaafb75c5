import { createMiddleware } from "hono/factory";
import { requestDispatch } from "../domain/events/dispatch";
import { askStockPublish } from "../domain/hub/mercado-livre/stock-publish";
import type { AppEnv } from "../env";
import { errorFields, log } from "../lib/log";

/**
 * After a successful write, asks the events consumer to dispatch when the outbox holds new events
 * (written in the change's own batch). Runs after the answer (`waitUntil`); the hourly sweep
 * catches a request whose ask was lost.
 */
export const dispatchAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.res.status !== 200) return;
  const db = c.get("db");
  if (!db) return;
  const ask = requestDispatch(c.env.EVENTS, c.get("account"), db)
    .catch((error) => log("error", "event dispatch not requested", errorFields(error)))
    // the stock outbox (Mercado Livre listings), written by the stock tables' own triggers
    .then(() => askStockPublish(db, c.env.JOBS, c.get("account")));
  try {
    c.executionCtx.waitUntil(ask);
  } catch {
    await ask;
  }
});
