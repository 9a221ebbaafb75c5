import { findCompany } from "../../db/identity";
import {
  findOrderByImportKey,
  findOrderByUid,
  firstHistoryStatement,
  insertItemsStatement,
  insertOrderStatement,
  isReservationRefused,
  orderIdByUid,
  recomputeTotals,
} from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Actor, Db } from "../../env";
import { allInOrder } from "../../lib/concurrent";
import { DEFAULT_TIME_ZONE, todayIn } from "../../lib/dates";
import { badRequest, isConstraintError } from "../../lib/errors";
import { RESERVATION_TAKEN_CONCURRENTLY } from "../stock/messages";
import { type ItemRequest, prepareItems } from "./items";
import { ORDER_DISCOUNT_ABOVE_TOTAL, ORDER_ITEMS_REQUIRED } from "./messages";
import { ORDER_STATUS } from "./order-statuses";
import { type PaymentRequest, paymentWrites } from "./payments";
import { type OrderDetail, orderDetail } from "./read";
import { assertOrderReferences } from "./references";
import { statusRegistry } from "./registry";
import { reservationWrites } from "./reservations";
import { planInitialStatus } from "./transitions";
import type { OrderHeader } from "./types";

/** The actor of an order write: a user, or no one (null) for the orders the hub pulls from a channel. */
export type OrderCaller = Omit<Actor, "userId"> & { userId: Actor["userId"] | null };

export type OrderInput = {
  header: Omit<OrderHeader, "date"> & { date?: string };
  /** Default 1 (Pedido recebido); must be a status the transition table lists from 0. */
  statusId?: number;
  items: ItemRequest[];
  /** Each payment becomes one receivable title per installment. */
  payments?: PaymentRequest[];
  /** Imports: the same key never creates a second order (the first one is answered). */
  importKey?: string | null;
};

/** The most items one order takes in a request. */
export const MAX_ORDER_ITEMS = 500;

/**
 * Creates an order: the one way orders come into being (HTTP, the template import, the hub).
 * Validates references, status and items, computes the taxes, and writes in ONE batch the order,
 * its items, the first status-history row, the totals, the payment titles and, when the status
 * reserves stock, the reservations (refused beyond QtyAvailable unless the company allows negative
 * stock: `reservationWrites`).
 */
export async function createOrder(db: Db, caller: OrderCaller, input: OrderInput): Promise<OrderDetail> {
  const { companyId } = caller;
  if (input.items.length === 0) throw badRequest(ORDER_ITEMS_REQUIRED);
  // the status is judged before the items, as when these reads ran one after another
  const [, plan, items, company] = await allInOrder([
    assertOrderReferences(db, companyId, input.header),
    statusRegistry(db).then((registry) =>
      planInitialStatus(registry, input.statusId ?? ORDER_STATUS.received),
    ),
    prepareItems(db, companyId, input.items),
    input.header.date === undefined ? findCompany(db, companyId) : Promise.resolve(undefined),
  ] as const);
  const itemsTotal = items.reduce((sum, i) => sum + i.taxes.total, 0);
  const total = itemsTotal + input.header.freight - input.header.discount;
  if (total < 0) throw badRequest(ORDER_DISCOUNT_ABOVE_TOTAL);
  const date = input.header.date ?? todayIn(company?.timeZone ?? DEFAULT_TIME_ZONE);
  const uid = crypto.randomUUID();
  const orderId = orderIdByUid(uid);
  const payments = await paymentWrites(
    db,
    companyId,
    orderId,
    { date, consumerId: input.header.consumerId, total, paid: 0 },
    input.payments ?? [],
  );
  const reservations = await reservationWrites(
    db,
    companyId,
    orderId,
    { reserves: plan.reserves, warehouseId: input.header.warehouseId, items },
    [],
  );
  const statements: Statement[] = [
    insertOrderStatement(db, companyId, {
      uid,
      header: { ...input.header, date },
      statusId: plan.to,
      userId: caller.userId,
      importKey: input.importKey ?? null,
    }),
    insertItemsStatement(db, companyId, orderId, items),
    firstHistoryStatement(db, companyId, orderId, plan.to, caller.userId),
    recomputeTotals(db, orderId),
    ...payments,
    ...reservations,
  ];
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (isReservationRefused(error)) throw badRequest(RESERVATION_TAKEN_CONCURRENTLY);
    if (input.importKey && isConstraintError(error)) {
      const existing = await findOrderByImportKey(db, companyId, input.importKey);
      if (existing) return orderDetail(db, companyId, existing.id);
    }
    throw error;
  }
  const created = await findOrderByUid(db, companyId, uid);
  if (!created) throw new Error("order written by the batch was not found");
  return orderDetail(db, companyId, created.id);
}
