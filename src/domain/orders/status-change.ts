import {
  itemsOfOrder,
  linkMovementsStatement,
  movementCosts,
  type OrderRow,
  statusChangeStatements,
} from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import { postingStatements } from "../../db/stock/ledger";
import type { Db } from "../../env";
import { checkMovements, postingDate } from "../stock/ledger";
import { fromMilli } from "../stock/quantities";
import type { OrderCaller } from "./create-order";
import { itemError } from "./messages";
import type { TransitionPlan } from "./transitions";

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
): Promise<Statement[]> {
  const statements = statusChangeStatements(db, caller.companyId, order, plan, caller.userId);
  if (!plan.effect) return statements;
  const items = await itemsOfOrder(db, caller.companyId, order.id);
  const costs =
    plan.effect === "return"
      ? await movementCosts(
          db,
          caller.companyId,
          items.flatMap((i) => (i.outMovementId === null ? [] : [i.outMovementId])),
        )
      : new Map<number, number>();
  const typeMovement = plan.effect === "invoice" ? 1 : 0;
  const movements = await checkMovements(
    db,
    caller.companyId,
    items.map((i) => ({
      skuId: i.skuId,
      warehouseId,
      batchId: null,
      typeMovement,
      quantity: fromMilli(i.quantity),
      unitCost: i.outMovementId === null ? null : (costs.get(i.outMovementId) ?? null),
      origin: "order",
      originId: i.id,
      reason: null,
    })),
    itemError,
  );
  const posting = postingStatements(
    db,
    { companyId: caller.companyId, userId: caller.userId, date: await postingDate(db, caller.companyId) },
    movements,
  );
  return [
    ...statements,
    ...posting.statements,
    linkMovementsStatement(db, order.id, posting.uids, typeMovement),
  ];
}
