import { badRequest } from "../../lib/errors";
import {
  initialStatusRefused,
  ORDER_FINAL_STATUS,
  ORDER_STATUS_NOT_FOUND,
  transitionRefused,
} from "./messages";
import { isFinalOrderStatus, type OrderStatus, reservesStock } from "./order-statuses";

/** A row of the transition table: `fromStatusId` 0 marks a status an order may be created in. */
export type Transition = { fromStatusId: number; toStatusId: number; stockEffect: string | null };

/** 0 stock not moved, 1 moved out (invoiced), 2 returned. */
export type StockState = 0 | 1 | 2;

export type StatusRegistry = { statuses: Map<number, OrderStatus>; transitions: Transition[] };

export type TransitionPlan = {
  from: number | null;
  to: number;
  /** `invoice`: post the items' outbound movements; `return`: post them back. */
  effect: "invoice" | "return" | null;
  stockState: StockState;
  reserves: boolean;
};

function requireStatus(registry: StatusRegistry, id: number): OrderStatus {
  const status = registry.statuses.get(id);
  if (!status) throw badRequest(ORDER_STATUS_NOT_FOUND);
  return status;
}

/**
 * The rule of final statuses (`final` in `order-statuses.ts`): an order in one never changes
 * status, header or items again; only a message request still answers.
 */
export function assertOrderMovable(statusId: number): void {
  if (isFinalOrderStatus(statusId)) throw badRequest(ORDER_FINAL_STATUS);
}

/** The status a new order starts in: one the transition table lists from 0. */
export function planInitialStatus(registry: StatusRegistry, to: number): TransitionPlan {
  requireStatus(registry, to);
  if (!registry.transitions.some((t) => t.fromStatusId === 0 && t.toStatusId === to))
    throw badRequest(initialStatusRefused(to));
  return { from: null, to, effect: null, stockState: 0, reserves: reservesStock(to) };
}

/**
 * A status change: the target must exist, the current status must not be final and the pair must
 * be in the transition table. Invoicing moves the stock out once; a return moves it back only when
 * it had left (cancelling an order that never left the warehouse just releases its reservation).
 */
export function planTransition(
  registry: StatusRegistry,
  from: number,
  to: number,
  stockState: StockState,
): TransitionPlan {
  requireStatus(registry, to);
  assertOrderMovable(from);
  const transition = registry.transitions.find((t) => t.fromStatusId === from && t.toStatusId === to);
  if (!transition) throw badRequest(transitionRefused(from, to));
  let effect: TransitionPlan["effect"] = null;
  let next: StockState = stockState;
  if (transition.stockEffect === "invoice" && stockState === 0) {
    effect = "invoice";
    next = 1;
  } else if (transition.stockEffect === "return" && stockState === 1) {
    effect = "return";
    next = 2;
  }
  return { from, to, effect, stockState: next, reserves: reservesStock(to) && next === 0 };
}
