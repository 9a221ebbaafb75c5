import {
  fanOutEvents,
  hasOutboxWork,
  hasUndispatchedEvents,
  pendingMailIds,
  staleDeliveries,
} from "../../db/events/outbox";
import type { Db } from "../../env";
import { type EventQueue, sendAll } from "./event-message";
import { FAN_OUTS_PER_RUN } from "./invocation-budget";

/** Events claimed per fan-out statement (at most `fanOuts` of them per dispatch run; more: a new run). */
const FAN_OUT_LIMIT = 500;
/** A pending delivery this late (its message lost) is sent again by the next dispatch run. */
const STALE_AFTER_SECONDS = 60;

/** Asks the events consumer to dispatch when the outbox holds new events or unsent mail. */
export async function requestDispatch(queue: EventQueue, account: string, db: Db): Promise<void> {
  if (await hasOutboxWork(db)) await queue.send({ kind: "dispatch", account });
}

/**
 * Fans the account's new events out to their endpoints (one delivery per subscribed active
 * endpoint) and sends one `deliver` message per delivery, then the mail still to send; `sweep`
 * (the hourly cron) also re-sends deliveries left waiting. `fanOuts` (its share of the invocation's
 * D1 budget) bounds the fan-outs of this run; a new run continues. Safe to run twice at once: each
 * event is claimed by one run only, each attempt by one delivery run only.
 */
export async function dispatchEvents(
  db: Db,
  queue: EventQueue,
  account: string,
  sweep = false,
  fanOuts = FAN_OUTS_PER_RUN,
): Promise<void> {
  const key = crypto.randomUUID();
  for (let run = 0; run < fanOuts; run++) {
    const deliveries = await fanOutEvents(db, `${key}:${run}`, FAN_OUT_LIMIT);
    await sendAll(
      queue,
      deliveries.map((deliveryId) => ({ body: { kind: "deliver", account, deliveryId, attempt: 1 } })),
    );
    if (!(await hasUndispatchedEvents(db))) break;
    if (run === fanOuts - 1) await queue.send({ kind: "dispatch", account });
  }
  if (sweep) {
    const stale = await staleDeliveries(db, STALE_AFTER_SECONDS, FAN_OUT_LIMIT);
    await sendAll(
      queue,
      stale.map((d) => ({ body: { kind: "deliver", account, deliveryId: d.id, attempt: d.attempt } })),
    );
  }
  const mails = await pendingMailIds(db, FAN_OUT_LIMIT);
  await sendAll(
    queue,
    mails.map((mailId) => ({ body: { kind: "mail", account, mailId } })),
  );
}
