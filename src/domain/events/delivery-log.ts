import {
  type AttemptRow,
  attemptsOf,
  type DeliveryFilters,
  type DeliveryListRow,
  findDelivery,
  listDeliveries,
  restartDelivery,
} from "../../db/events/deliveries";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { EventQueue } from "./event-message";
import { EVENT_MESSAGES as M } from "./messages";
import { companyZone } from "./webhooks";

export type DeliveryLog = {
  deliveries: (DeliveryListRow & { log: AttemptRow[] })[];
  timeZone: string;
};

async function withAttempts(db: Db, companyId: number, rows: DeliveryListRow[]): Promise<DeliveryLog> {
  const [attempts, timeZone] = await Promise.all([
    attemptsOf(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
    companyZone(db, companyId),
  ]);
  return {
    deliveries: rows.map((row) => ({ ...row, log: attempts.filter((a) => a.deliveryId === row.id) })),
    timeZone,
  };
}

/** The delivery log: newest first, each delivery with every attempt. */
export async function deliveryLog(db: Db, companyId: number, filters: DeliveryFilters): Promise<DeliveryLog> {
  return withAttempts(db, companyId, await listDeliveries(db, companyId, filters));
}

export async function deliveryDetail(db: Db, companyId: number, deliveryId: number): Promise<DeliveryLog> {
  const row = await findDelivery(db, companyId, deliveryId);
  if (!row) throw badRequest(M.deliveryNotFound);
  return withAttempts(db, companyId, [row]);
}

/**
 * Sends a delivery again (a replay): a new round of attempts with its own retries and dead end,
 * for a delivery that is over (delivered, dead or cancelled). The same `X-Event-Id` goes out, so an
 * idempotent receiver that already has it ignores it.
 */
export async function redeliver(
  db: Db,
  queue: EventQueue,
  account: string,
  companyId: number,
  deliveryId: number,
): Promise<DeliveryLog> {
  const found = await findDelivery(db, companyId, deliveryId);
  if (!found) throw badRequest(M.deliveryNotFound);
  const attempt = await restartDelivery(db, companyId, deliveryId);
  if (attempt === null) throw badRequest(M.deliveryInProgress);
  await queue.send({ kind: "deliver", account, deliveryId, attempt });
  return deliveryDetail(db, companyId, deliveryId);
}
