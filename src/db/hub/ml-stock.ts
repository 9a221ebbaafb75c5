/**
 * The published stock of Mercado Livre listings (`ml_stock_outbox`). Its rows are written by the
 * database's triggers on `stock_balances` and `stock_reservations` (migration 0024), in the same
 * statement as any stock change: here they are read, and marked when the channel took them.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { hubIntegrations, mlStockOutbox } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { insertIntegrationJobIfNone } from "../jobs";
import { inList, utcNow } from "../sql";

export type MlStockRow = { id: number; listingId: string; seq: number; published: string | null };

/** Route of the publish jobs in the jobs table (one open per integration). */
export const ML_STOCK_ROUTE = "ml-stock";

/** Integrations with listings waiting to be published (any company of the account). */
export async function integrationsWithPendingStock(
  db: Db,
  limit: number,
): Promise<{ companyId: number; integrationId: number }[]> {
  // an integration no longer authenticated (Expired: its refresh token refused) is not asked for:
  // its pending listings wait for the reconnection
  return db
    .selectDistinct({ companyId: mlStockOutbox.companyId, integrationId: mlStockOutbox.companyIntegrationId })
    .from(mlStockOutbox)
    .innerJoin(
      hubIntegrations,
      and(
        eq(hubIntegrations.companyIntegrationId, mlStockOutbox.companyIntegrationId),
        eq(hubIntegrations.authState, "Authenticated"),
      ),
    )
    .where(eq(mlStockOutbox.state, "pending"))
    .limit(limit);
}

/** The publish job of the integration unless one is open; its id when created. */
export function insertStockPublishJob(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<number | null> {
  return insertIntegrationJobIfNone(
    db,
    companyId,
    { route: ML_STOCK_ROUTE, type: "MlStockPublish", integrationId },
    null,
  );
}

/** The integration's listings waiting to be published, after `afterId`, oldest first. */
export async function pendingListings(
  db: Db,
  companyId: number,
  integrationId: number,
  afterId: number,
  limit: number,
): Promise<MlStockRow[]> {
  return db
    .select({
      id: mlStockOutbox.id,
      listingId: mlStockOutbox.listingId,
      seq: mlStockOutbox.seq,
      published: mlStockOutbox.published,
    })
    .from(mlStockOutbox)
    .where(
      and(
        eq(mlStockOutbox.companyId, companyId),
        eq(mlStockOutbox.companyIntegrationId, integrationId),
        eq(mlStockOutbox.state, "pending"),
        gt(mlStockOutbox.id, afterId),
      ),
    )
    .orderBy(asc(mlStockOutbox.id))
    .limit(limit);
}

/** A mapped variation of the listing with its SKU's QtyAvailable (thousandths) now. */
export type ListingStock = { code: string; available: number };

/**
 * The row's current `seq` and, read in the same statement, each mapped variation's QtyAvailable
 * (on stock minus what reserving orders hold) in the integration's warehouse (all warehouses when
 * it has none): what is sent is read at send time, with the `seq` it belongs to.
 */
export async function listingStockNow(
  db: Db,
  row: { id: number },
): Promise<{ seq: number; stocks: ListingStock[] } | null> {
  const rows = await db.all<{ seq: number; code: string | null; available: number | null }>(sql`
    SELECT o.seq AS seq, v.channel_sku_code AS code,
      coalesce((SELECT sum(b.qty) FROM stock_balances b
        WHERE b.company_id = o.company_id AND b.sku_id = v.sku_id
          AND (h.warehouse_id IS NULL OR b.warehouse_id = h.warehouse_id)), 0)
      - coalesce((SELECT sum(r.quantity) FROM stock_reservations r
        JOIN order_statuses s ON s.id = r.status_order_id AND s.reserves_stock = 1
        WHERE r.company_id = o.company_id AND r.sku_id = v.sku_id
          AND (h.warehouse_id IS NULL OR r.warehouse_id = h.warehouse_id)), 0) AS available
    FROM ml_stock_outbox o
    JOIN hub_integrations h ON h.company_integration_id = o.company_integration_id
    LEFT JOIN hub_products p ON p.company_id = o.company_id
      AND p.company_integration_id = o.company_integration_id
      AND p.channel_product_id = o.listing_id AND p.status = 1
    LEFT JOIN hub_product_variations v ON v.hub_product_id = p.id AND v.company_id = o.company_id
    WHERE o.id = ${row.id}
    ORDER BY v.id`);
  if (rows.length === 0) return null;
  return {
    seq: rows[0]!.seq,
    stocks: rows.flatMap((r) => (r.code === null ? [] : [{ code: r.code, available: r.available ?? 0 }])),
  };
}

/**
 * The channel took `published` for the row as it was at `seq`: done, unless a newer change came
 * meanwhile (then it stays pending and is sent again with the newer quantity).
 */
export async function markListingPublished(
  db: Db,
  id: number,
  seq: number,
  published: string,
  publishedNow: boolean,
): Promise<void> {
  await db
    .update(mlStockOutbox)
    .set({
      state: sql`CASE WHEN ${mlStockOutbox.seq} = ${seq} THEN 'done' ELSE 'pending' END`,
      sentSeq: seq,
      reason: null,
      published,
      ...(publishedNow ? { publishedAt: utcNow } : {}),
      updatedAt: utcNow,
    })
    .where(eq(mlStockOutbox.id, id));
}

/** The listing takes no changes (deleted or closed at the channel): failed with why, never retried by changes. */
export async function markListingGone(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(mlStockOutbox)
    .set({ state: "failed", reason, updatedAt: utcNow })
    .where(eq(mlStockOutbox.id, id));
}

/**
 * The channel refused this value (a mapped variation missing from the listing…): the row is done
 * with the reason (the next stock change tries again); a passing failure leaves it pending.
 */
export async function markListingRefused(
  db: Db,
  id: number,
  seq: number,
  reason: string,
  keepPending: boolean,
): Promise<void> {
  await db
    .update(mlStockOutbox)
    .set({
      state: keepPending
        ? "pending"
        : sql`CASE WHEN ${mlStockOutbox.seq} = ${seq} THEN 'done' ELSE 'pending' END`,
      reason,
      updatedAt: utcNow,
    })
    .where(eq(mlStockOutbox.id, id));
}

/** A listing updated by `PUT /hub/product/{id}` with success: its publish state leaves `failed` (the next change publishes it). */
export async function reviveListing(
  db: Db,
  companyId: number,
  integrationId: number,
  listingId: string,
): Promise<void> {
  await db
    .update(mlStockOutbox)
    .set({ state: "done", reason: null, updatedAt: utcNow })
    .where(
      and(
        eq(mlStockOutbox.companyId, companyId),
        eq(mlStockOutbox.companyIntegrationId, integrationId),
        eq(mlStockOutbox.listingId, listingId),
        eq(mlStockOutbox.state, "failed"),
      ),
    );
}

/** QtyAvailable (thousandths) of each SKU in the warehouse (all warehouses when null). */
export async function availableOfSkus(
  db: Db,
  companyId: number,
  warehouseId: number | null,
  skuIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  {
    const rows = await db.all<{ skuId: number; available: number }>(sql`
      SELECT p.id AS skuId,
        coalesce((SELECT sum(b.qty) FROM stock_balances b WHERE b.company_id = ${companyId} AND b.sku_id = p.id
          AND (${warehouseId} IS NULL OR b.warehouse_id = ${warehouseId})), 0)
        - coalesce((SELECT sum(r.quantity) FROM stock_reservations r
          JOIN order_statuses s ON s.id = r.status_order_id AND s.reserves_stock = 1
          WHERE r.company_id = ${companyId} AND r.sku_id = p.id
            AND (${warehouseId} IS NULL OR r.warehouse_id = ${warehouseId})), 0) AS available
      FROM products p WHERE p.company_id = ${companyId} AND ${inList(sql`p.id`, skuIds)}`);
    for (const row of rows) out.set(row.skuId, row.available);
  }
  return out;
}

/** How many of the integration's listings are in each publish state (the job's result). */
export async function publishStateCounts(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<{ done: number; failed: number; pending: number }> {
  const rows = await db
    .select({ state: mlStockOutbox.state, n: sql<number>`count(*)` })
    .from(mlStockOutbox)
    .where(and(eq(mlStockOutbox.companyId, companyId), eq(mlStockOutbox.companyIntegrationId, integrationId)))
    .groupBy(mlStockOutbox.state);
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { done: of("done"), failed: of("failed"), pending: of("pending") };
}

/** The publish state of one listing of the integration (`ml_stock_outbox`); null when none was queued. */
export async function listingPublishState(
  db: Db,
  companyId: number,
  integrationId: number,
  listingId: string,
): Promise<{
  state: string;
  reason: string | null;
  published: string | null;
  publishedAt: string | null;
  updatedAt: string;
} | null> {
  const [row] = await db
    .select({
      state: mlStockOutbox.state,
      reason: mlStockOutbox.reason,
      published: mlStockOutbox.published,
      publishedAt: mlStockOutbox.publishedAt,
      updatedAt: mlStockOutbox.updatedAt,
    })
    .from(mlStockOutbox)
    .where(
      and(
        eq(mlStockOutbox.companyId, companyId),
        eq(mlStockOutbox.companyIntegrationId, integrationId),
        eq(mlStockOutbox.listingId, listingId),
      ),
    )
    .limit(1);
  return row ?? null;
}
