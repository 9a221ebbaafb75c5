import { and, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { hubOrderClaims, hubOrderItems, hubOrders, orderStatuses, products } from "../../../drizzle/schema";
import type { HubOrderFilters } from "../../domain/hub/orders";
import type { Db } from "../../env";
import { containsText, PAGE_SIZE } from "../sql";

export type HubOrderRow = typeof hubOrders.$inferSelect & {
  statusDescription: string | null;
  statusColorCode: string | null;
};
export type HubOrderItemRow = typeof hubOrderItems.$inferSelect & {
  skuCode: string | null;
  skuName: string | null;
};
export type HubOrderClaimRow = typeof hubOrderClaims.$inferSelect;

function selectOrders(db: Db) {
  return db
    .select({
      row: hubOrders,
      statusDescription: orderStatuses.description,
      statusColorCode: orderStatuses.colorCode,
    })
    .from(hubOrders)
    .leftJoin(orderStatuses, eq(orderStatuses.id, hubOrders.statusOrderId));
}

function conditions(companyId: number, f: HubOrderFilters): SQL[] {
  const where: (SQL | undefined)[] = [eq(hubOrders.companyId, companyId)];
  if (f.creationFrom) where.push(gte(hubOrders.createdAt, f.creationFrom));
  if (f.creationTo) where.push(lte(hubOrders.createdAt, f.creationTo));
  if (f.consumerName) where.push(containsText([hubOrders.consumerName], f.consumerName));
  if (f.consumerDocument) where.push(eq(hubOrders.consumerDocument, f.consumerDocument));
  if (f.consumerEmail) where.push(sql`lower(${hubOrders.consumerEmail}) = ${f.consumerEmail.toLowerCase()}`);
  if (f.order) where.push(eq(hubOrders.channelOrderId, f.order));
  if (f.orderFrom !== undefined) where.push(gte(hubOrders.orderId, f.orderFrom));
  if (f.statusOrderId !== undefined) where.push(eq(hubOrders.statusOrderId, f.statusOrderId));
  if (f.salesChannelId !== undefined) where.push(eq(hubOrders.salesChannelId, f.salesChannelId));
  if (f.shippingId) where.push(eq(hubOrders.shippingId, f.shippingId));
  if (f.packId) where.push(eq(hubOrders.packId, f.packId));
  if (f.dateFrom) where.push(gte(hubOrders.orderedAt, f.dateFrom));
  if (f.dateTo) where.push(sql`${hubOrders.orderedAt} < date(${f.dateTo}, '+1 day')`);
  if (f.integrationId !== undefined) where.push(eq(hubOrders.companyIntegrationId, f.integrationId));
  if (f.typeId !== undefined) where.push(eq(hubOrders.typeCompanyIntegrationId, f.typeId));
  if (f.hubOrderId !== undefined) where.push(eq(hubOrders.id, f.hubOrderId));
  if (f.coupon) where.push(eq(hubOrders.coupon, f.coupon));
  if (f.utmCampaign) where.push(eq(hubOrders.utmCampaign, f.utmCampaign));
  if (f.utmMedium) where.push(eq(hubOrders.utmMedium, f.utmMedium));
  if (f.utmSource) where.push(eq(hubOrders.utmSource, f.utmSource));
  if (f.utmiCampaign) where.push(eq(hubOrders.utmiCampaign, f.utmiCampaign));
  if (f.utmiPage) where.push(eq(hubOrders.utmiPage, f.utmiPage));
  if (f.utmiPart) where.push(eq(hubOrders.utmiPart, f.utmiPart));
  if (f.notCreated) where.push(isNull(hubOrders.orderId));
  if (f.search) {
    where.push(
      containsText(
        [
          hubOrders.channelOrderId,
          hubOrders.consumerName,
          hubOrders.consumerDocument,
          hubOrders.consumerEmail,
          hubOrders.packId,
          hubOrders.shippingId,
        ],
        f.search,
      ),
    );
  }
  return where.filter((c): c is SQL => c !== undefined);
}

const flatten = (r: {
  row: typeof hubOrders.$inferSelect;
  statusDescription: string | null;
  statusColorCode: string | null;
}): HubOrderRow => ({
  ...r.row,
  statusDescription: r.statusDescription,
  statusColorCode: r.statusColorCode,
});

/** Hub orders of the company matching the filters, newest first, one page. */
export async function listHubOrders(
  db: Db,
  companyId: number,
  filters: HubOrderFilters,
  page: number,
): Promise<HubOrderRow[]> {
  const rows = await selectOrders(db)
    .where(and(...conditions(companyId, filters)))
    .orderBy(desc(hubOrders.orderedAt), desc(hubOrders.id))
    .limit(PAGE_SIZE)
    .offset(page * PAGE_SIZE);
  return rows.map(flatten);
}

/** One hub order by its id (IDIntegration) or by the order created from it (IDOrder). */
export async function findHubOrder(
  db: Db,
  companyId: number,
  by: { hubOrderId: number } | { orderId: number },
): Promise<HubOrderRow | undefined> {
  const key = "hubOrderId" in by ? eq(hubOrders.id, by.hubOrderId) : eq(hubOrders.orderId, by.orderId);
  const row = await selectOrders(db)
    .where(and(eq(hubOrders.companyId, companyId), key))
    .get();
  return row ? flatten(row) : undefined;
}

export async function hubOrderItemsOf(
  db: Db,
  companyId: number,
  hubOrderId: number,
): Promise<HubOrderItemRow[]> {
  const rows = await db
    .select({ item: hubOrderItems, skuCode: products.code, skuName: products.name })
    .from(hubOrderItems)
    .leftJoin(
      products,
      and(eq(products.id, hubOrderItems.skuId), eq(products.companyId, hubOrderItems.companyId)),
    )
    .where(and(eq(hubOrderItems.companyId, companyId), eq(hubOrderItems.hubOrderId, hubOrderId)))
    .orderBy(hubOrderItems.line);
  return rows.map((r) => ({ ...r.item, skuCode: r.skuCode, skuName: r.skuName }));
}

export async function hubOrderClaimsOf(
  db: Db,
  companyId: number,
  hubOrderId: number,
): Promise<HubOrderClaimRow[]> {
  return db
    .select()
    .from(hubOrderClaims)
    .where(and(eq(hubOrderClaims.companyId, companyId), eq(hubOrderClaims.hubOrderId, hubOrderId)))
    .orderBy(hubOrderClaims.id);
}

export async function findHubClaim(
  db: Db,
  companyId: number,
  claimId: number,
): Promise<HubOrderClaimRow | undefined> {
  return db
    .select()
    .from(hubOrderClaims)
    .where(and(eq(hubOrderClaims.companyId, companyId), eq(hubOrderClaims.id, claimId)))
    .get();
}
