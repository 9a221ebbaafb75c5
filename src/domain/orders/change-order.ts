import {
  currentStatusOf,
  guardVersion,
  itemsOfOrder,
  messageRequestStatement,
  recomputeTotals,
  updateHeaderStatement,
} from "../../db/orders/orders";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { OrderCaller } from "./create-order";
import {
  ORDER_DISCOUNT_ABOVE_TOTAL,
  ORDER_TOTAL_BELOW_PAID,
  ORDER_WAREHOUSE_LOCKED,
  RESEND_NEEDS_TYPE_MESSAGE,
} from "./messages";
import { orderEventStatements } from "./order-events";
import { reservesStock } from "./order-statuses";
import { type OrderDetail, orderDetail, requireOrder } from "./read";
import { assertOrderReferences } from "./references";
import { statusRegistry } from "./registry";
import { changedReservationWrites } from "./reservations";
import { statusChangeWrites } from "./status-change";
import { assertOrderMovable, planTransition, type StockState } from "./transitions";
import type { OrderHeader } from "./types";
import { commitOrderWrite } from "./write";

/** Tracking messages `PUT /orders/{idorder}` may ask to send again. */
export const TYPE_MESSAGES = ["email", "webhook"] as const;
export type TypeMessage = (typeof TYPE_MESSAGES)[number];

export type OrderChanges = {
  header: Partial<OrderHeader>;
  statusId?: number;
  resend?: 0 | 1;
  typeMessage?: TypeMessage;
};

/**
 * `PUT /orders/{idorder}`: editable header fields, a status change (validated against the
 * transition table, with its stock effect) and a tracking-message request (`Resend` 1 with
 * `TypeMessage`, recorded for the events area), all in ONE batch guarded by the order's version.
 * An order in a final status only takes a message request.
 */
export async function changeOrder(
  db: Db,
  caller: OrderCaller,
  orderId: number,
  changes: OrderChanges,
): Promise<OrderDetail> {
  const { companyId } = caller;
  if (changes.resend === 1 && !changes.typeMessage) throw badRequest(RESEND_NEEDS_TYPE_MESSAGE);
  const order = await requireOrder(db, companyId, orderId);
  const registry = await statusRegistry(db);
  const header = Object.fromEntries(
    Object.entries(changes.header).filter(([, v]) => v !== undefined),
  ) as Partial<OrderHeader>;
  const statusChanges = changes.statusId !== undefined && changes.statusId !== order.statusId;
  if (statusChanges || Object.keys(header).length > 0) assertOrderMovable(order.statusId);
  if (header.warehouseId !== undefined && header.warehouseId !== order.warehouseId && order.stockState !== 0)
    throw badRequest(ORDER_WAREHOUSE_LOCKED);
  await assertOrderReferences(db, companyId, header);
  const freight = header.freight ?? order.freight;
  const discount = header.discount ?? order.discount;
  const total = order.itemsTotal + freight - discount;
  if (total < 0) throw badRequest(ORDER_DISCOUNT_ABOVE_TOTAL);
  if (total < order.paidValue) throw badRequest(ORDER_TOTAL_BELOW_PAID);

  const statements: Statement[] = [guardVersion(db, companyId, order.id, order.version)];
  const headerStatement = updateHeaderStatement(db, companyId, order.id, header);
  if (headerStatement) statements.push(headerStatement, recomputeTotals(db, order.id));
  const warehouseId = header.warehouseId ?? order.warehouseId;
  const plan = statusChanges
    ? planTransition(registry, order.statusId, changes.statusId!, order.stockState as StockState)
    : null;
  if (plan) statements.push(...(await statusChangeWrites(db, caller, order, plan, warehouseId)));
  const reserves = plan ? plan.reserves : reservesStock(order.statusId) && order.stockState === 0;
  statements.push(
    ...(await changedReservationWrites(db, companyId, order.id, {
      reserves,
      warehouseId,
      items: reserves ? await itemsOfOrder(db, companyId, order.id) : [],
    })),
  );
  statements.push(
    ...(await orderEventStatements(
      db,
      order,
      registry,
      plan
        ? {
            fromStatusId: order.statusId,
            toStatusId: changes.statusId!,
            trackingCode: header.trackingCode ?? order.trackingCode,
          }
        : null,
      changes.resend === 1 ? (changes.typeMessage ?? null) : null,
    )),
  );
  if (changes.resend === 1 && changes.typeMessage)
    statements.push(
      messageRequestStatement(
        db,
        companyId,
        order.id,
        changes.typeMessage,
        currentStatusOf(order.id),
        caller.userId,
      ),
    );
  await commitOrderWrite(db, order, statements, { movesStock: plan?.effect != null });
  return orderDetail(db, companyId, order.id);
}
