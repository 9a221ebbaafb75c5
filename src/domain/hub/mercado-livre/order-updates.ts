/**
 * An order the channel changed after it was pulled (Mercado Livre sends it again with a later
 * `date_last_updated`) is UPDATED, never stored twice: its status, shipment, pack and data change
 * on the hub order in the page's batch, and a cancellation at the channel moves the order created
 * from it to Cancelled through the orders area (`changeOrder`: the status registry's transition
 * and its stock effect). A transition the registry refuses is logged and leaves the order as it is.
 */
import type { ChannelOrder } from "../../../adapters/channels/types";
import { hubOrderUpdateStatement, storedHubOrderStates } from "../../../db/hub/ml-order-updates";
import type { Statement } from "../../../db/sql";
import type { Db } from "../../../env";
import { errorFields, log } from "../../../lib/log";
import { changeOrder } from "../../orders/change-order";
import { ORDER_STATUS } from "../../orders/order-statuses";
import { STATUS_OF_CHANNEL } from "../order-mapping";
import { claimStatementsOfUpdate } from "./claims";

export type HubOrderUpdate = {
  hubOrderId: number;
  orderId: number | null;
  cancelled: boolean;
  statements: Statement[];
};

/** The updates of the page's orders already stored whose channel data changed. */
export async function channelOrderUpdates(
  db: Db,
  integrationId: number,
  orders: ChannelOrder[],
  timeZone: string,
): Promise<HubOrderUpdate[]> {
  const stored = await storedHubOrderStates(
    db,
    integrationId,
    orders.map((order) => order.id),
  );
  const updates: HubOrderUpdate[] = [];
  for (const order of orders) {
    const state = stored.get(order.id);
    const channelData = JSON.stringify(order);
    if (!state || state.channelData === channelData) continue;
    const statusOrderId = STATUS_OF_CHANNEL[order.status];
    updates.push({
      hubOrderId: state.id,
      orderId: state.orderId,
      cancelled: order.status === "cancelled" && state.statusOrderId !== statusOrderId,
      statements: [
        hubOrderUpdateStatement(db, state.id, {
          channelStatus: order.status,
          statusOrderId,
          shippingId: order.shipmentId,
          packId: order.packId,
          channelData,
        }),
        ...claimStatementsOfUpdate(db, state.id, order, timeZone),
      ],
    });
  }
  return updates;
}

/** After the page's batch: the orders of hub orders cancelled at the channel move to Cancelled. */
export async function cancelOrdersOfUpdates(db: Db, companyId: number, updates: HubOrderUpdate[]) {
  for (const update of updates) {
    if (!update.cancelled || update.orderId === null) continue;
    try {
      await changeOrder(db, { companyId, userId: null }, update.orderId, {
        header: {},
        statusId: ORDER_STATUS.cancelled,
      });
    } catch (error) {
      log("warn", "order of a hub order cancelled at the channel not moved", {
        hubOrderId: update.hubOrderId,
        orderId: update.orderId,
        ...errorFields(error),
      });
    }
  }
}
