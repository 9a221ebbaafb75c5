import type { HubIntegrationRow } from "../../db/hub/integrations";
import {
  type CreatableHubOrder,
  creatableHubOrders,
  linkCreatedOrder,
  recordOrderError,
} from "../../db/hub/order-links";
import { type HubOrderItemRow, hubOrderItemsOf } from "../../db/hub/orders";
import type { Db } from "../../env";
import { ApiError } from "../../lib/errors";
import { createOrder, type OrderCaller, type OrderInput } from "../orders/create-order";
import { ORDER_STATUS } from "../orders/order-statuses";
import type { OrderDetail } from "../orders/read";
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
 * Creates the order of a hub order: an order still open at the channel (awaiting payment or paid)
 * in 23, reserving its items, so no other sale takes them; when they cannot be reserved (the
 * warehouse has not that many available and the company does not allow negative stock) it is
 * created in 1, which reserves nothing, and the refusal is answered to be kept on the hub order:
 * the sale is never lost, and stays findable. An order shipped, delivered or cancelled at the
 * channel is created in 1, as it holds no stock to sell again.
 */
async function createHubOrder(
  db: Db,
  caller: OrderCaller,
  input: OrderInput,
  channelStatus: number,
): Promise<{ order: OrderDetail; reservationError: string | null }> {
  if (!OPEN_AT_CHANNEL.has(channelStatus))
    return { order: await createOrder(db, caller, { ...input, statusId: RECEIVED }), reservationError: null };
  try {
    return { order: await createOrder(db, caller, { ...input, statusId: RESERVED }), reservationError: null };
  } catch (error) {
    if (!isReservationRefusal(error)) throw error;
    return {
      order: await createOrder(db, caller, { ...input, statusId: RECEIVED }),
      reservationError: error.message,
    };
  }
}

/** Orders created per call: one pull page's worth. */
const ORDERS_PER_RUN = 100;

/**
 * Creates, through the orders area's `createOrder` (the one way an order is created), the order of
 * each hub order of the integration that mapped completely (every SKU found, a warehouse set) and
 * has none yet, with, when the integration names a payment type, one receivable for the order's
 * total (what the channel will settle), in the status `createHubOrder` picks (23 reserving its
 * items, or 1 with the reason when they cannot be reserved). The hub order's id is the import key, so a retry finds the order it created instead
 * of creating a second one; the link (UNIQUE order id) is written once. A hub order the orders area
 * refuses keeps the reason and stays not created (`OrdersNotCreated=1` finds it).
 */
export async function createOrdersOfHubOrders(
  db: Db,
  integration: Pick<HubIntegrationRow, "companyId" | "companyIntegrationId" | "paymentTypeId">,
): Promise<{ created: number; refused: number }> {
  const { companyId, companyIntegrationId: integrationId, paymentTypeId } = integration;
  let created = 0;
  let refused = 0;
  for (const hubOrder of await creatableHubOrders(db, companyId, integrationId, ORDERS_PER_RUN)) {
    if (hubOrder.warehouseId === null) {
      await recordOrderError(db, companyId, hubOrder.id, HUB_ORDER_WITHOUT_WAREHOUSE);
      refused++;
      continue;
    }
    const items = await hubOrderItemsOf(db, companyId, hubOrder.id);
    try {
      const { order, reservationError } = await createHubOrder(
        db,
        { companyId, userId: null },
        orderInputOf({ ...hubOrder, warehouseId: hubOrder.warehouseId }, items, paymentTypeId),
        hubOrder.statusOrderId,
      );
      await linkCreatedOrder(db, companyId, hubOrder.id, order.order.id, reservationError);
      created++;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      await recordOrderError(db, companyId, hubOrder.id, error.message);
      refused++;
    }
  }
  return { created, refused };
}
