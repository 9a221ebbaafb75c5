import { findOrder, isReservationRefused, type OrderRow } from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import { INSUFFICIENT_STOCK_CONCURRENT, RESERVATION_TAKEN_CONCURRENTLY } from "../stock/messages";
import { collectionKeyConflict } from "../titles/collection-keys";
import { ORDER_CHANGED_CONCURRENTLY, ORDER_TOTAL_BELOW_PAID } from "./messages";

/**
 * Runs the batch of a change of an existing order (its first statement is the version guard) and
 * turns a constraint failure into the reason: another request changed the order meanwhile, the
 * stock an invoicing needed was taken meanwhile, another order reserved the units this one was to
 * reserve, a payment title's collection key is already used, or the total would fall below what is paid.
 */
export async function commitOrderWrite(
  db: Db,
  order: OrderRow,
  statements: Statement[],
  { movesStock = false, conflict }: { movesStock?: boolean; conflict?: string } = {},
): Promise<void> {
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    if (isReservationRefused(error)) throw badRequest(RESERVATION_TAKEN_CONCURRENTLY);
    const keyTaken = collectionKeyConflict(error);
    if (keyTaken) throw badRequest(keyTaken);
    const now = await findOrder(db, order.companyId, order.id);
    if (!now || now.version !== order.version) throw badRequest(ORDER_CHANGED_CONCURRENTLY);
    if (movesStock) throw badRequest(INSUFFICIENT_STOCK_CONCURRENT);
    throw badRequest(conflict ?? ORDER_TOTAL_BELOW_PAID);
  }
}
