import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  companies,
  products,
  salesPolicies,
  skuBatches,
  stockBalances,
  stockReservations,
  warehouses,
} from "../../../drizzle/schema";
import type { Db } from "../../env";
import { scopedRows } from "../registries/scoped-rows";
import { containsText, eqIf, inGroups, onPage } from "../sql";

/** Registries of the stock area: SKUs (the products table), warehouses, batches, sales policies. */

export const skuRows = scopedRows(products);
export type SkuRow = typeof products.$inferSelect;
export const warehouseRows = scopedRows(warehouses);
export type WarehouseRow = typeof warehouses.$inferSelect;
export const salesPolicyRows = scopedRows(salesPolicies);
export type SalesPolicyRow = typeof salesPolicies.$inferSelect;
export type BatchRow = typeof skuBatches.$inferSelect;

export async function listSkus(db: Db, companyId: number, page: number, search?: string): Promise<SkuRow[]> {
  return skuRows.list(db, companyId, {
    page,
    where: search
      ? containsText([products.code, products.name, products.ean], search, { words: true })
      : undefined,
  });
}

/** Active SKUs of the company among these ids. */
export async function skusByIds(db: Db, companyId: number, ids: number[]): Promise<Map<number, SkuRow>> {
  const out = new Map<number, SkuRow>();
  for (const group of inGroups([...new Set(ids)], 90)) {
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.status, 1), inArray(products.id, group)));
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** Active SKUs of the company by code. */
export async function skusByCodes(db: Db, companyId: number, codes: string[]): Promise<Map<string, SkuRow>> {
  const out = new Map<string, SkuRow>();
  for (const group of inGroups([...new Set(codes)], 90)) {
    const rows = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.status, 1), inArray(products.code, group)));
    for (const row of rows) out.set(row.code!, row);
  }
  return out;
}

export async function activeWarehouses(db: Db, companyId: number): Promise<WarehouseRow[]> {
  return db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.status, 1)))
    .orderBy(asc(warehouses.id));
}

export async function warehouseHasStock(db: Db, companyId: number, warehouseId: number): Promise<boolean> {
  const row = await db
    .select({ skuId: stockBalances.skuId })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, companyId),
        eq(stockBalances.warehouseId, warehouseId),
        sql`${stockBalances.qty} <> 0`,
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

export async function batchesByIds(db: Db, companyId: number, ids: number[]): Promise<Map<number, BatchRow>> {
  const out = new Map<number, BatchRow>();
  for (const group of inGroups([...new Set(ids)], 90)) {
    const rows = await db
      .select()
      .from(skuBatches)
      .where(and(eq(skuBatches.companyId, companyId), inArray(skuBatches.id, group)));
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

export async function listBatches(
  db: Db,
  companyId: number,
  filter: { skuId?: number; page: number; all?: boolean },
): Promise<BatchRow[]> {
  const query = db
    .select()
    .from(skuBatches)
    .where(and(eq(skuBatches.companyId, companyId), eqIf(skuBatches.skuId, filter.skuId)))
    .orderBy(asc(skuBatches.id));
  return filter.all ? query : onPage(query, filter.page);
}

export async function insertBatch(
  db: Db,
  companyId: number,
  values: { skuId: number; code: string; expirationDate: string | null; manufacturingDate: string | null },
): Promise<BatchRow> {
  const [row] = await db
    .insert(skuBatches)
    .values({ ...values, companyId })
    .returning();
  return row!;
}

export async function batchesBySkuCodes(
  db: Db,
  companyId: number,
  pairs: { skuId: number; code: string }[],
): Promise<Map<string, BatchRow>> {
  const out = new Map<string, BatchRow>();
  const skuIds = [...new Set(pairs.map((p) => p.skuId))];
  for (const group of inGroups(skuIds, 90)) {
    const rows = await db
      .select()
      .from(skuBatches)
      .where(and(eq(skuBatches.companyId, companyId), inArray(skuBatches.skuId, group)));
    for (const row of rows) out.set(`${row.skuId}:${row.code}`, row);
  }
  return out;
}

export async function allowsNegativeStock(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .select({ allow: companies.allowNegativeStock })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row?.allow === 1;
}

export async function setAllowNegativeStock(db: Db, companyId: number, allow: 0 | 1): Promise<void> {
  await db.update(companies).set({ allowNegativeStock: allow }).where(eq(companies.id, companyId));
}

/** Reserved quantities grouped by SKU, warehouse and order status (the domain decides which reserve). */
export async function reservationsBySku(
  db: Db,
  companyId: number,
  skuIds: number[],
): Promise<{ skuId: number; warehouseId: number; statusOrderId: number; quantity: number }[]> {
  const out: { skuId: number; warehouseId: number; statusOrderId: number; quantity: number }[] = [];
  for (const group of inGroups(skuIds, 90)) {
    const rows = await db
      .select({
        skuId: stockReservations.skuId,
        warehouseId: stockReservations.warehouseId,
        statusOrderId: stockReservations.statusOrderId,
        quantity: sql<number>`sum(${stockReservations.quantity})`,
      })
      .from(stockReservations)
      .where(and(eq(stockReservations.companyId, companyId), inArray(stockReservations.skuId, group)))
      .groupBy(stockReservations.skuId, stockReservations.warehouseId, stockReservations.statusOrderId);
    out.push(...rows.map((r) => ({ ...r, quantity: Number(r.quantity) })));
  }
  return out;
}

export async function setSkuPrice(db: Db, companyId: number, skuId: number, price: number): Promise<void> {
  await db
    .update(products)
    .set({ price, updatedAt: sql`strftime('%Y-%m-%d %H:%M:%S', 'now')` })
    .where(and(eq(products.id, skuId), eq(products.companyId, companyId)));
}
