import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { hubOrderClaims, hubOrderItems, hubOrders, orderStatuses, products } from "../../../drizzle/schema";
import type { HubOrderFilters } from "../../domain/hub/orders";
import type { Db } from "../../env";
import { containsText, eqIf, gteIf, lteIf, onPage } from "../sql";

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
  // an empty text filter is no filter
  const text = (value: string | undefined) => value || undefined;
  const where: (SQL | undefined)[] = [
    eq(hubOrders.companyId, companyId),
    gteIf(hubOrders.createdAt, text(f.creationFrom)),
    lteIf(hubOrders.createdAt, text(f.creationTo)),
    f.consumerName ? containsText([hubOrders.consumerName], f.consumerName) : undefined,
    eqIf(hubOrders.consumerDocument, text(f.consumerDocument)),
    f.consumerEmail ? sql`lower(${hubOrders.consumerEmail}) = ${f.consumerEmail.toLowerCase()}` : undefined,
    eqIf(hubOrders.channelOrderId, text(f.order)),
    gteIf(hubOrders.orderId, f.orderFrom),
    eqIf(hubOrders.statusOrderId, f.statusOrderId),
    eqIf(hubOrders.salesChannelId, f.salesChannelId),
    eqIf(hubOrders.shippingId, text(f.shippingId)),
    eqIf(hubOrders.packId, text(f.packId)),
    gteIf(hubOrders.orderedAt, text(f.dateFrom)),
    f.dateTo ? sql`${hubOrders.orderedAt} < date(${f.dateTo}, '+1 day')` : undefined,
    eqIf(hubOrders.companyIntegrationId, f.integrationId),
    eqIf(hubOrders.typeCompanyIntegrationId, f.typeId),
    eqIf(hubOrders.id, f.hubOrderId),
    eqIf(hubOrders.coupon, text(f.coupon)),
    eqIf(hubOrders.utmCampaign, text(f.utmCampaign)),
    eqIf(hubOrders.utmMedium, text(f.utmMedium)),
    eqIf(hubOrders.utmSource, text(f.utmSource)),
    eqIf(hubOrders.utmiCampaign, text(f.utmiCampaign)),
    eqIf(hubOrders.utmiPage, text(f.utmiPage)),
    eqIf(hubOrders.utmiPart, text(f.utmiPart)),
    f.notCreated ? isNull(hubOrders.orderId) : undefined,
    f.search
      ? containsText(
          [
            hubOrders.channelOrderId,
            hubOrders.consumerName,
            hubOrders.consumerDocument,
            hubOrders.consumerEmail,
            hubOrders.packId,
            hubOrders.shippingId,
          ],
          f.search,
        )
      : undefined,
  ];
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
  const rows = await onPage(
    selectOrders(db)
      .where(and(...conditions(companyId, filters)))
      .orderBy(desc(hubOrders.orderedAt), desc(hubOrders.id)),
    page,
  );
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
