import { createMiddleware } from "hono/factory";
import { requestDispatch } from "../domain/events/dispatch";
import { askStockPublish } from "../domain/hub/mercado-livre/stock-publish";
import type { AppEnv } from "../env";
import { errorFields, log } from "../lib/log";

/** The request's context with the mark of a route that opted out of the after-write step. */
type DispatchEnv = AppEnv & { Variables: { writesNoEvents?: true } };

/**
 * Route middleware (`createRoute({ middleware: [writesNoEvents] })`) of a write that never writes
 * events, mail nor stock (nor rows whose triggers do): `dispatchAfterWrites` skips its two reads
 * after it. For a hot public route (Mercado Livre's notifications), whose answers would otherwise
 * each cost the outbox and stock reads.
 */
export const writesNoEvents = createMiddleware<DispatchEnv>(async (c, next) => {
  c.set("writesNoEvents", true);
  await next();
});

/**
 * After a successful write, asks the events consumer to dispatch when the outbox holds new events
 * (written in the change's own batch). Runs after the answer (`waitUntil`); the hourly sweep
 * catches a request whose ask was lost. Routes marked `writesNoEvents` are skipped.
 */
export const dispatchAfterWrites = createMiddleware<DispatchEnv>(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.res.status !== 200) return;
  if (c.get("writesNoEvents")) return;
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
