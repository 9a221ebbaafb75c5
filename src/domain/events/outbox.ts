import { type BatchValue, insertEventStatement } from "../../db/events/outbox";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import type { DomainEvent } from "./catalog";

/** Bound of one event's payload (the delivered body adds a small envelope around it). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

export type EventOptions = {
  /** Payload fields only known inside the batch (ids of rows inserted by earlier statements). */
  batchValues?: Record<string, BatchValue>;
  /** The event is written only when this holds when its statement runs. */
  onlyIf?: BatchValue;
};

/**
 * The one call that adds an event to a change: a statement to put in the change's `db.batch`, so
 * the event exists exactly when the change does. The dispatcher delivers it afterwards.
 */
export function eventStatement(
  db: Db,
  companyId: number,
  event: DomainEvent,
  options: EventOptions = {},
): Statement {
  const payload = JSON.stringify(event.payload);
  if (new TextEncoder().encode(payload).byteLength > MAX_PAYLOAD_BYTES)
    throw new Error(`event ${event.type} payload above ${MAX_PAYLOAD_BYTES} bytes`);
  return insertEventStatement(db, {
    companyId,
    uid: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    type: event.type,
    payload,
    batchValues: options.batchValues,
    onlyIf: options.onlyIf,
  });
}
