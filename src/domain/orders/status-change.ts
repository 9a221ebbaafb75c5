import {
  itemsOfOrder,
  linkMovementsStatement,
  movementCosts,
  type OrderItemView,
  type OrderRow,
  statusChangeStatements,
} from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import { postingStatements } from "../../db/stock/ledger";
import type { Db } from "../../env";
import {
  checkMovements,
  checkMovementsWith,
  type MovementChecks,
  type MovementRequest,
  postingDate,
} from "../stock/ledger";
import { fromMilli } from "../stock/quantities";
import type { OrderCaller } from "./create-order";
import { itemError } from "./messages";
import type { TransitionPlan } from "./transitions";

/**
 * What `statusChangeWrites` reads, when the caller read it already for many orders (the NF-e
 * emission's chunk): the order's items, the registries and balances its movements are checked
 * against, the posting date.
 */
export type StatusChangeReads = { items: OrderItemView[]; checks: MovementChecks; date: string };

/**
 * The statements of "order status changed": the history row and the order's new status, and the
 * stock the transition moves. Invoicing posts one outbound movement per item at the average cost
 * (the ledger checks the balance) and links it to its item; a return posts each item back at the
 * cost it left at. The caller adds them to its batch (after the version guard, before the
 * reservations are synchronised), and may add its own (an outbox row of the events area).
 */
export async function statusChangeWrites(
  db: Db,
  caller: OrderCaller,
  order: OrderRow,
  plan: TransitionPlan,
  warehouseId: number,
  known?: StatusChangeReads,
): Promise<Statement[]> {
  const statements = statusChangeStatements(db, caller.companyId, order, plan, caller.userId);
  if (!plan.effect) return statements;
  const items = known?.items ?? (await itemsOfOrder(db, caller.companyId, order.id));
  const costs =
    plan.effect === "return"
      ? await movementCosts(
          db,
          caller.companyId,
          items.flatMap((i) => (i.outMovementId === null ? [] : [i.outMovementId])),
        )
      : new Map<number, number>();
  const typeMovement = plan.effect === "invoice" ? 1 : 0;
  const requests = items.map(
    (i): MovementRequest => ({
      skuId: i.skuId,
      warehouseId,
      batchId: null,
      typeMovement,
      quantity: fromMilli(i.quantity),
      unitCost: i.outMovementId === null ? null : (costs.get(i.outMovementId) ?? null),
      origin: "order",
      originId: i.id,
      reason: null,
    }),
  );
  const movements = known
    ? await checkMovementsWith(requests, known.checks, itemError)
    : await checkMovements(db, caller.companyId, requests, itemError);
  const date = known?.date ?? (await postingDate(db, caller.companyId));
  const posting = postingStatements(
    db,
    { companyId: caller.companyId, userId: caller.userId, date },
    movements,
  );
  return [
    ...statements,
    ...posting.statements,
    linkMovementsStatement(db, order.id, posting.uids, typeMovement),
  ];
}
