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
import { createOrder, type OrderInput } from "../orders/create-order";
import { HUB_ORDER_WITHOUT_WAREHOUSE } from "./messages";

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

/** Orders created per call: one pull page's worth. */
const ORDERS_PER_RUN = 100;

/**
 * Creates, through the orders area's `createOrder` (the one way an order is created), the order of
 * each hub order of the integration that mapped completely (every SKU found, a warehouse set) and
 * has none yet, with, when the integration names a payment type, one receivable for the order's
 * total (what the channel will settle). The hub order's id is the import key, so a retry finds the order it created instead
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
      const order = await createOrder(
        db,
        { companyId, userId: null },
        orderInputOf({ ...hubOrder, warehouseId: hubOrder.warehouseId }, items, paymentTypeId),
      );
      await linkCreatedOrder(db, companyId, hubOrder.id, order.order.id);
      created++;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      await recordOrderError(db, companyId, hubOrder.id, error.message);
      refused++;
    }
  }
  return { created, refused };
}
