/**
 * An order the channel changed after it was pulled (Mercado Livre sends it again with a later
 * `date_last_updated`) is UPDATED, never stored twice: its status, shipment, pack and data change
 * on the hub order in the page's batch, and a cancellation at the channel moves the order created
 * from it to Cancelled through the orders area (`changeOrder`: the status registry's transition
 * and its stock effect), a bounded number per chunk of the invocation's D1 budget: a page of 500
 * updates that cancels them all continues over as many deliveries as it needs, the cancellations
 * left saved with the job's progress. A transition the registry refuses is logged and leaves the
 * order as it is.
 */
import type { ChannelOrder } from "../../../adapters/channels/types";
import {
  hubOrderUpdateStatement,
  saveCancellations,
  storedHubOrderStates,
} from "../../../db/hub/ml-order-updates";
import type { Statement } from "../../../db/sql";
import type { Db } from "../../../env";
import { errorFields, log } from "../../../lib/log";
import type { JobContext } from "../../jobs/job-context";
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

/**
 * Cancellations of one chunk of the invocation's D1 budget: `changeOrder` of a status change reads
 * the order, the registry, its items and reservations and writes one batch (about 15 calls,
 * measured by test/budget/ml-cancellations.test.ts), so 6 stay within a chunk's 133.
 */
export const CANCELLATIONS_PER_CHUNK = 6;

/** The orders a page's updates cancel at the channel (saved with the page's progress: `{cancel}` of the job's cursor). */
export const cancellationsOf = (updates: HubOrderUpdate[]) => ({
  cancel: updates.flatMap((u) => (u.cancelled && u.orderId !== null ? [u.orderId] : [])),
});

/** The cancellations an earlier delivery saved and did not finish (the job's cursor). */
export function pendingCancellations(jobCursor: string | null): number[] {
  if (!jobCursor) return [];
  try {
    const ids = (JSON.parse(jobCursor) as { cancel?: unknown }).cancel;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/**
 * Moves the orders of hub orders cancelled at the channel to Cancelled through `changeOrder`
 * (the status registry's transition and its stock effect), CANCELLATIONS_PER_CHUNK for each chunk
 * the invocation's budget gives. When the budget ends first, the ones left are saved in the job's
 * cursor and the answer is false (the pull continues in the next delivery, which does them
 * first); once they are done the cursor is emptied (a later delivery does not do them again). A
 * transition the registry refuses is logged and leaves the order as it is.
 */
export async function cancelOrders(context: JobContext, orderIds: number[]): Promise<boolean> {
  const { db, job, budget } = context;
  for (let at = 0; at < orderIds.length; at += CANCELLATIONS_PER_CHUNK) {
    if (!budget.take()) {
      await saveCancellations(db, job.id, orderIds.slice(at));
      return false;
    }
    for (const orderId of orderIds.slice(at, at + CANCELLATIONS_PER_CHUNK)) {
      try {
        await changeOrder(db, { companyId: job.companyId, userId: null }, orderId, {
          header: {},
          statusId: ORDER_STATUS.cancelled,
        });
      } catch (error) {
        log("warn", "order of a hub order cancelled at the channel not moved", {
          jobId: job.id,
          orderId,
          ...errorFields(error),
        });
      }
    }
  }
  if (orderIds.length > 0) await saveCancellations(db, job.id, []);
  return true;
}
