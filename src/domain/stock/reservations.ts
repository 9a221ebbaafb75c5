import { warehouseBalances } from "../../db/stock/ledger";
import { allowsNegativeStock, reservationsBySku } from "../../db/stock/registry";
import type { Db } from "../../env";
import { ApiError, badRequest } from "../../lib/errors";
import { insufficientStockToReserve, RESERVATION_REFUSED } from "./messages";
import { availableQuantity, formatQuantity, type Milli, reservedQuantity } from "./quantities";

/** What an order holds of one SKU in one warehouse (thousandths). */
export type ReservationLine = { skuId: number; warehouseId: number; quantity: Milli };

/**
 * What an order reserves: one line per SKU (the sum of its items) in its warehouse while its status
 * reserves stock and its stock has not left (`reserves`); nothing otherwise.
 */
export function reservationOf(
  items: { skuId: number; quantity: Milli }[],
  warehouseId: number,
  reserves: boolean,
): ReservationLine[] {
  if (!reserves) return [];
  const bySku = new Map<number, number>();
  for (const item of items) bySku.set(item.skuId, (bySku.get(item.skuId) ?? 0) + item.quantity);
  return [...bySku].map(([skuId, quantity]) => ({ skuId, warehouseId, quantity }));
}

/** The lines that hold more than before, with the quantity they add. */
function growth(planned: ReservationLine[], held: ReservationLine[]): ReservationLine[] {
  const before = new Map(held.map((l) => [`${l.skuId}:${l.warehouseId}`, l.quantity]));
  return planned.flatMap((l) => {
    const added = l.quantity - (before.get(`${l.skuId}:${l.warehouseId}`) ?? 0);
    return added > 0 ? [{ ...l, quantity: added }] : [];
  });
}

/**
 * No overselling: an order may hold more of a SKU in a warehouse than it held before (`held`) only
 * while QtyAvailable (on stock - reserved, as `GET /sku/{idsku}/warehouse` shows it) covers what it
 * adds, unless the company allows negative stock (`AllowNegativeStock`). A reservation that does not
 * grow (a header change, a move between reserving statuses) is never refused. This check reads the
 * balances for a clear message; the CHECK `stock_reservations_available` written by the same batch
 * (`syncReservations`) is what holds under concurrent requests.
 */
export async function assertReservable(
  db: Db,
  companyId: number,
  planned: ReservationLine[],
  held: ReservationLine[],
): Promise<void> {
  const added = growth(planned, held);
  if (added.length === 0 || (await allowsNegativeStock(db, companyId))) return;
  const skuIds = [...new Set(added.map((l) => l.skuId))];
  const [balances, reservations] = await Promise.all([
    warehouseBalances(db, companyId, skuIds),
    reservationsBySku(db, companyId, skuIds),
  ]);
  for (const line of added) {
    const same = (row: { skuId: number; warehouseId: number }) =>
      row.skuId === line.skuId && row.warehouseId === line.warehouseId;
    const onStock = balances.filter(same).reduce((sum, row) => sum + row.qty, 0);
    const available = availableQuantity(onStock, reservedQuantity(reservations.filter(same)));
    if (available < line.quantity)
      throw badRequest(
        insufficientStockToReserve(
          line.skuId,
          line.warehouseId,
          formatQuantity(available),
          formatQuantity(line.quantity),
        ),
      );
  }
}

/** True for a refusal of this rule (checked here or by the CHECK under concurrency). */
export function isReservationRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.message.startsWith(RESERVATION_REFUSED);
}
