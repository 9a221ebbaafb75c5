import { and, eq, sql } from "drizzle-orm";
import { hubCollectionListOrders, hubCollectionLists, hubOrders } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { inList } from "../sql";

export type ListedOrder = {
  id: number;
  integrationId: number;
  typeId: number;
  channelOrderId: string;
  shippingId: string | null;
};

/** Hub orders of the company among `ids`. */
export async function hubOrdersByIds(db: Db, companyId: number, ids: number[]): Promise<ListedOrder[]> {
  return db
    .select({
      id: hubOrders.id,
      integrationId: hubOrders.companyIntegrationId,
      typeId: hubOrders.typeCompanyIntegrationId,
      channelOrderId: hubOrders.channelOrderId,
      shippingId: hubOrders.shippingId,
    })
    .from(hubOrders)
    .where(and(eq(hubOrders.companyId, companyId), inList(hubOrders.id, ids)))
    .orderBy(hubOrders.id);
}

/** The list and its orders in one batch; answers the list's id. */
export async function insertCollectionList(
  db: Db,
  companyId: number,
  integrationId: number,
  orderIds: number[],
): Promise<number> {
  const listId = sql`(SELECT max(${hubCollectionLists.id}) FROM ${hubCollectionLists} WHERE ${hubCollectionLists.companyId} = ${companyId})`;
  const [inserted] = await db.batch([
    db
      .insert(hubCollectionLists)
      .values({ companyId, companyIntegrationId: integrationId })
      .returning({ id: hubCollectionLists.id }),
    ...orderIds.map((hubOrderId) =>
      db.insert(hubCollectionListOrders).values({ collectionListId: listId, hubOrderId }),
    ),
  ]);
  return inserted[0]!.id;
}

export type ListedShipment = ListedOrder & { listId: number };

/** The orders of the company's lists among `listIds` (lists of another company are not found). */
export async function ordersOfLists(db: Db, companyId: number, listIds: number[]): Promise<ListedShipment[]> {
  return db
    .select({
      listId: hubCollectionLists.id,
      id: hubOrders.id,
      integrationId: hubCollectionLists.companyIntegrationId,
      typeId: hubOrders.typeCompanyIntegrationId,
      channelOrderId: hubOrders.channelOrderId,
      shippingId: hubOrders.shippingId,
    })
    .from(hubCollectionLists)
    .innerJoin(hubCollectionListOrders, eq(hubCollectionListOrders.collectionListId, hubCollectionLists.id))
    .innerJoin(
      hubOrders,
      and(eq(hubOrders.id, hubCollectionListOrders.hubOrderId), eq(hubOrders.companyId, companyId)),
    )
    .where(and(eq(hubCollectionLists.companyId, companyId), inList(hubCollectionLists.id, listIds)))
    .orderBy(hubCollectionLists.id, hubOrders.id);
}
