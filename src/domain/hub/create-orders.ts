import type { HubIntegrationRow } from "../../db/hub/integrations";
import {
  type CreatableHubOrder,
  creatableHubOrders,
  hubOrderOutcomeStatements,
  itemsOfHubOrders,
} from "../../db/hub/order-links";
import type { HubOrderItemRow } from "../../db/hub/orders";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import type { OrderCaller, OrderInput } from "../orders/create-order";
import { createOrders } from "../orders/create-orders";
import { ORDER_STATUS } from "../orders/order-statuses";
import { isReservationRefusal } from "../stock/reservations";
import { HUB_ORDER_WITHOUT_WAREHOUSE } from "./messages";
import { STATUS_OF_CHANNEL } from "./order-mapping";

/**
 * What the orders area is asked to create for a hub order: the channel's header, its mapped items
 * and, when the integration names a payment type, one receivable for the order's total (the
 * channel pays the whole order, settled later by its release). The hub order's id is the import key.
 */
export function orderInputOf(
  hubOrder: CreatableHubOrder & { warehouseId: number },
  items: Pick<HubOrderItemRow, "skuId" | "quantity" | "unitPrice" | "discount">[],
  paymentTypeId: number | null,
): OrderInput {
  return {
    header: {
      date: hubOrder.orderedAt.slice(0, 10),
      consumerId: hubOrder.consumerId,
      orderTypeId: null,
      salesChannelId: hubOrder.salesChannelId,
      warehouseId: hubOrder.warehouseId,
      notes: `Pedido ${hubOrder.channelOrderId} do canal (hub ${hubOrder.id})`,
      carrierId: null,
      shippingMethod: hubOrder.shippingMethod,
      trackingCode: null,
      volumes: 1,
      grossWeight: 0,
      netWeight: 0,
      freight: hubOrder.shippingValue,
      discount: hubOrder.discountValue,
    },
    items: items.map((item) => ({
      skuId: item.skuId!,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      discount: item.discount,
    })),
    payments:
      paymentTypeId === null
        ? []
        : [{ paymentTypeId, installments: 1, value: hubOrder.totalValue, bankAccountId: null }],
    importKey: `hub:${hubOrder.id}`,
  };
}

/** Channel statuses of an order still to be fulfilled: its order reserves the stock it sells. */
const OPEN_AT_CHANNEL = new Set([STATUS_OF_CHANNEL.pending_payment, STATUS_OF_CHANNEL.paid]);
/** Reserves stock (the one seeded status outside the budget flow that reserves and that an order may start in). */
const RESERVED = ORDER_STATUS.reservedForPickup;
/** Received: holds no stock, and moves to 23 (reserve), 3 or 10 later. */
const RECEIVED = ORDER_STATUS.received;

/**
 * The status a hub order's order is created in: an order still open at the channel (awaiting
 * payment or paid) in 23, reserving its items, so no other sale takes them; an order shipped,
 * delivered or cancelled at the channel in 1, as it holds no stock to sell again.
 */
const statusFor = (channelStatus: number) => (OPEN_AT_CHANNEL.has(channelStatus) ? RESERVED : RECEIVED);

/**
 * Creates, through the orders area's `createOrders` (the rules of `createOrder`, the one way an
 * order is created; the run's orders as one set), the order of each hub order of the integration
 * that mapped completely (every SKU found, a warehouse set) and has none yet, with, when the
 * integration names a payment type, one receivable for the order's total (what the channel will
 * settle), in the status `statusFor` picks. `scope` names the hub orders: those of a page just
 * stored (by channel order id), or the integration's first `limit` (what an earlier delivery stored
 * but stopped before creating). When an order's items cannot be reserved (the warehouse
 * has not that many available and the company does not allow negative stock) it is created in 1,
 * which reserves nothing, and the refusal is kept on the hub order: the sale is never lost, and
 * stays findable. The hub order's id is the import key, so a retry finds the order it created
 * instead of creating a second one; the link (UNIQUE order id) is written once. A hub order the
 * orders area refuses keeps the reason and stays not created (`OrdersNotCreated=1` finds it). The
 * links and the reasons of the run are one batch.
 */
export async function createOrdersOfHubOrders(
  db: Db,
  integration: Pick<HubIntegrationRow, "companyId" | "companyIntegrationId" | "paymentTypeId">,
  scope: { limit: number } | { channelOrderIds: string[] },
): Promise<{ created: number; refused: number }> {
  const { companyId, companyIntegrationId: integrationId, paymentTypeId } = integration;
  const caller: OrderCaller = { companyId, userId: null };
  const hubOrders = await creatableHubOrders(db, companyId, integrationId, scope);
  if (hubOrders.length === 0) return { created: 0, refused: 0 };
  const errors: [number, string][] = [];
  const links: [number, number, string | null][] = [];
  const creatable: (CreatableHubOrder & { warehouseId: number })[] = [];
  for (const hubOrder of hubOrders) {
    if (hubOrder.warehouseId === null) errors.push([hubOrder.id, HUB_ORDER_WITHOUT_WAREHOUSE]);
    else creatable.push({ ...hubOrder, warehouseId: hubOrder.warehouseId });
  }
  const items = await itemsOfHubOrders(
    db,
    companyId,
    creatable.map((h) => h.id),
  );
  const inputs = creatable.map((hubOrder) => ({
    ...orderInputOf(hubOrder, items.get(hubOrder.id) ?? [], paymentTypeId),
    statusId: statusFor(hubOrder.statusOrderId),
    statusWhenUnreserved: RECEIVED,
  }));
  const answers = await createOrders(db, caller, inputs);
  const reservationErrors = new Map<number, string>();
  for (const [index, answer] of answers.entries())
    if ("unreserved" in answer && answer.unreserved) reservationErrors.set(index, answer.unreserved);
  // the orders whose units another request took between the plan and the write, again in 1
  // (nothing of them was written)
  const unreserved = answers.flatMap((answer, index) =>
    "error" in answer &&
    inputs[index]!.statusId === RESERVED &&
    isReservationRefusal(badRequest(answer.error))
      ? [index]
      : [],
  );
  if (unreserved.length > 0) {
    const fallback = await createOrders(
      db,
      caller,
      unreserved.map((index) => ({ ...inputs[index]!, statusId: RECEIVED })),
    );
    for (const [k, index] of unreserved.entries()) {
      const refusal = answers[index] as { error: string };
      answers[index] = fallback[k]!;
      reservationErrors.set(index, refusal.error);
    }
  }
  let created = 0;
  for (const [index, answer] of answers.entries()) {
    const hubOrderId = creatable[index]!.id;
    if ("error" in answer) errors.push([hubOrderId, answer.error]);
    else {
      links.push([hubOrderId, answer.id, reservationErrors.get(index) ?? null]);
      created++;
    }
  }
  const statements = hubOrderOutcomeStatements(db, companyId, links, errors);
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
  return { created, refused: errors.length };
}
