import type { Actor, Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { createOrders } from "./create-orders";
import type { ItemRequest } from "./items";
import type { PaymentRequest } from "./payments";
import { type OrderDetail, orderDetail } from "./read";
import type { OrderHeader } from "./types";
/** The actor of an order write: a user, or no one (null) for the orders the hub pulls from a channel. */
export type OrderCaller = Omit<Actor, "userId"> & { userId: Actor["userId"] | null };

export type OrderInput = {
  header: Omit<OrderHeader, "date"> & { date?: string };
  /** Default 1 (Pedido recebido); must be a status the transition table lists from 0. */
  statusId?: number;
  /**
   * When `statusId` reserves stock and the items cannot be reserved (beyond QtyAvailable, negative
   * stock not allowed), the order is created in this status instead (one that reserves nothing)
   * and the refusal is answered with it (`unreserved`), rather than the order being refused.
   */
  statusWhenUnreserved?: number;
  items: ItemRequest[];
  /** Each payment becomes one receivable title per installment. */
  payments?: PaymentRequest[];
  /** Imports: the same key never creates a second order (the first one is answered). */
  importKey?: string | null;
};

/** The most items one order takes in a request. */
export const MAX_ORDER_ITEMS = 500;

/**
 * Creates an order: the one way orders come into being (HTTP, the template import, the hub), as
 * the set of one of `createOrders`: validates references, status and items, computes the taxes, and
 * writes in ONE batch the order, its items, the first status-history row, the totals, the payment
 * titles and, when the status reserves stock, the reservations (refused beyond QtyAvailable unless
 * the company allows negative stock). Answers the order's detail (the HTTP route shows it).
 */
export async function createOrder(db: Db, caller: OrderCaller, input: OrderInput): Promise<OrderDetail> {
  const [answer] = await createOrders(db, caller, [input]);
  if (!answer) throw new Error("createOrders answered nothing for one order");
  if ("error" in answer) throw badRequest(answer.error);
  return orderDetail(db, caller.companyId, answer.id);
}
