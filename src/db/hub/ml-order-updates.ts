import { and, eq } from "drizzle-orm";
import { hubOrders, jobs } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { inList, type Statement } from "../sql";

export type StoredHubOrderState = {
  id: number;
  channelData: string;
  statusOrderId: number;
  orderId: number | null;
};

/** The stored state of these channel orders of the integration (to tell an update from a repeat). */
export async function storedHubOrderStates(
  db: Db,
  integrationId: number,
  channelOrderIds: string[],
): Promise<Map<string, StoredHubOrderState>> {
  if (channelOrderIds.length === 0) return new Map();
  const rows = await db
    .select({
      channelOrderId: hubOrders.channelOrderId,
      id: hubOrders.id,
      channelData: hubOrders.channelData,
      statusOrderId: hubOrders.statusOrderId,
      orderId: hubOrders.orderId,
    })
    .from(hubOrders)
    .where(
      and(
        eq(hubOrders.companyIntegrationId, integrationId),
        inList(hubOrders.channelOrderId, channelOrderIds),
      ),
    );
  return new Map(rows.map(({ channelOrderId, ...state }) => [channelOrderId, state]));
}

/** What changes on a hub order when the channel changed the order: its status, shipment, pack and data. */
export function hubOrderUpdateStatement(
  db: Db,
  hubOrderId: number,
  values: {
    channelStatus: string;
    statusOrderId: number;
    shippingId: string | null;
    packId: string | null;
    channelData: string;
  },
): Statement {
  return db.update(hubOrders).set(values).where(eq(hubOrders.id, hubOrderId));
}

/** The cancellations a pull still owes (the job's cursor `{cancel}`), kept while the job is this delivery's. */
export async function saveCancellations(db: Db, jobId: number, orderIds: number[]): Promise<void> {
  await db
    .update(jobs)
    .set({ cursor: JSON.stringify({ cancel: orderIds }) })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "Processing")));
}
