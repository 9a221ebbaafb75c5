import { releaseReservationsStatement, reservationsOfOrder, syncReservations } from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { assertReservable, type ReservationLine, reservationOf } from "../stock/reservations";

/** The order as its batch leaves it: whether its status reserves, its warehouse and its items. */
export type ReservingState = {
  reserves: boolean;
  warehouseId: number;
  items: { skuId: number; quantity: number }[];
};

/**
 * The statements that rewrite the order's reservations at the end of its batch, once the stock
 * area's rule (no overselling) allows what the order will hold over what it `held` before. The
 * statements carry the same rule as a CHECK, so a reservation taken meanwhile fails the batch.
 */
export async function reservationWrites(
  db: Db,
  companyId: number,
  orderId: Parameters<typeof syncReservations>[1],
  next: ReservingState,
  held: ReservationLine[],
): Promise<Statement[]> {
  await assertReservable(db, companyId, reservationOf(next.items, next.warehouseId, next.reserves), held);
  return syncReservations(db, orderId, held);
}

/**
 * As `reservationWrites` for an existing order: what it holds is read first (its version guard keeps
 * it). An order whose batch leaves it in a status that does not reserve (or with its stock gone) only
 * drops what it held: the same rows as `syncReservations`, one statement instead of two.
 */
export async function changedReservationWrites(
  db: Db,
  companyId: number,
  orderId: number,
  next: ReservingState,
): Promise<Statement[]> {
  if (!next.reserves) return [releaseReservationsStatement(db, orderId)];
  const held = next.reserves ? await reservationsOfOrder(db, companyId, orderId) : [];
  return reservationWrites(db, companyId, orderId, next, held);
}
