import { and, eq, inArray, sql } from "drizzle-orm";
import { hubProducts, hubProductVariations, products, skuStockTotals } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { type Statement, utcNow } from "../sql";

export type HubProductRow = typeof hubProducts.$inferSelect;
export type HubVariationRow = typeof hubProductVariations.$inferSelect & {
  skuCode: string | null;
  priceCents: number;
  /** On stock, in thousandths (the stock ledger's unit). */
  qty: number;
};

export async function findHubProduct(
  db: Db,
  companyId: number,
  id: number,
): Promise<HubProductRow | undefined> {
  return db
    .select()
    .from(hubProducts)
    .where(and(eq(hubProducts.companyId, companyId), eq(hubProducts.id, id), eq(hubProducts.status, 1)))
    .get();
}

/** The product's variations with their SKU's price and stock, in the order they were listed. */
export async function variationsOf(
  db: Db,
  companyId: number,
  hubProductId: number,
): Promise<HubVariationRow[]> {
  const rows = await db
    .select({
      variation: hubProductVariations,
      skuCode: products.code,
      price: products.price,
      qty: skuStockTotals.qty,
    })
    .from(hubProductVariations)
    .innerJoin(products, and(eq(products.id, hubProductVariations.skuId), eq(products.companyId, companyId)))
    .leftJoin(skuStockTotals, eq(skuStockTotals.skuId, hubProductVariations.skuId))
    .where(
      and(eq(hubProductVariations.companyId, companyId), eq(hubProductVariations.hubProductId, hubProductId)),
    )
    .orderBy(hubProductVariations.id);
  return rows.map((r) => ({ ...r.variation, skuCode: r.skuCode, priceCents: r.price, qty: r.qty ?? 0 }));
}

/** Active SKUs of the company among `ids`. */
export async function existingSkuIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.status, 1), inArray(products.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The product and its variations in one batch; the variations reference the product as the batch's
 * newest row of hub_products (a batch runs alone, so no other insert can come between).
 */
export async function insertHubProduct(
  db: Db,
  companyId: number,
  values: { integrationId: number; title: string; channelProductId: string | null },
  variations: { skuId: number; channelSkuCode: string }[],
): Promise<number> {
  const productId = sql`(SELECT max(${hubProducts.id}) FROM ${hubProducts} WHERE ${hubProducts.companyId} = ${companyId})`;
  const [inserted] = await db.batch([
    db
      .insert(hubProducts)
      .values({
        companyId,
        companyIntegrationId: values.integrationId,
        title: values.title,
        channelProductId: values.channelProductId,
      })
      .returning({ id: hubProducts.id }),
    ...variations.map((v) =>
      db
        .insert(hubProductVariations)
        .values({ companyId, hubProductId: productId, skuId: v.skuId, channelSkuCode: v.channelSkuCode }),
    ),
  ]);
  return inserted[0]!.id;
}

/** The title and the sync time of what the channel accepted, in one batch. */
export async function recordProductSync(
  db: Db,
  companyId: number,
  productId: number,
  changes: { title?: string; productSynced: boolean; syncedVariationIds: number[] },
): Promise<void> {
  const statements: Statement[] = [];
  if (changes.title !== undefined || changes.productSynced) {
    statements.push(
      db
        .update(hubProducts)
        .set({
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.productSynced ? { lastSyncAt: utcNow } : {}),
        })
        .where(and(eq(hubProducts.companyId, companyId), eq(hubProducts.id, productId))),
    );
  }
  if (changes.syncedVariationIds.length > 0) {
    statements.push(
      db
        .update(hubProductVariations)
        .set({ lastSyncAt: utcNow })
        .where(
          and(
            eq(hubProductVariations.companyId, companyId),
            inArray(hubProductVariations.id, changes.syncedVariationIds),
          ),
        ),
    );
  }
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
}
