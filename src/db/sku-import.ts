import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { brands, products, skuCostRecords } from "../../drizzle/schema";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { inGroups, MAX_BOUND_PARAMETERS, utcNow } from "./sql";

/** Product and cost writes of the SKU import and of the cost recalculation (not the /product CRUD). */

export type ProductState = {
  id: number;
  code: string;
  name: string;
  brandId: number | null;
  cost: Cents;
  price: Cents;
  isActive: number;
  status: number;
};

/** The final state of a product after an import chunk, keyed by code. */
export type ProductUpsert = {
  code: string;
  name: string;
  brandId: number | null;
  cost: Cents;
  price: Cents;
  isActive: 0 | 1;
};

export type CostRecord = { code: string; line: number; cost: Cents };

/** Products of the company with these codes (soft-deleted ones too: the code stays taken). */
export async function productsByCodes(
  db: Db,
  companyId: number,
  codes: string[],
): Promise<Map<string, ProductState>> {
  const found = new Map<string, ProductState>();
  for (const group of inGroups([...new Set(codes)], MAX_BOUND_PARAMETERS - 1)) {
    const rows = await db
      .select({
        id: products.id,
        code: products.code,
        name: products.name,
        brandId: products.brandId,
        cost: products.cost,
        price: products.price,
        isActive: products.isActive,
        status: products.status,
      })
      .from(products)
      .where(and(eq(products.companyId, companyId), inArray(products.code, group)));
    for (const row of rows) found.set(row.code!, { ...row, code: row.code! });
  }
  return found;
}

/** Active brands of the company. */
export async function activeBrands(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(and(eq(brands.companyId, companyId), eq(brands.status, 1)));
}

const PRODUCT_ROWS_PER_STATEMENT = Math.floor(MAX_BOUND_PARAMETERS / 7);

/**
 * Creates or updates products by code (unique per company). A soft-deleted product with the
 * code is brought back: the import says the product exists.
 */
export function upsertProducts(db: Db, companyId: number, rows: ProductUpsert[]): BatchItem<"sqlite">[] {
  return inGroups(rows, PRODUCT_ROWS_PER_STATEMENT).map((group) =>
    db
      .insert(products)
      .values(
        group.map((row) => ({ ...row, companyId, status: sql`1`, createdAt: utcNow, updatedAt: utcNow })),
      )
      .onConflictDoUpdate({
        target: [products.companyId, products.code],
        set: {
          name: sql`excluded.name`,
          brandId: sql`excluded.brand_id`,
          cost: sql`excluded.cost`,
          price: sql`excluded.price`,
          isActive: sql`excluded.is_active`,
          status: sql`1`,
          updatedAt: utcNow,
        },
      }),
  );
}

const COST_ROWS_PER_STATEMENT = Math.floor(MAX_BOUND_PARAMETERS / 6);

/**
 * The cost of each line, tied to its job and line: the unique (job_id, line) makes a redelivered
 * chunk record nothing twice. The product is found by code, so rows created earlier in the same
 * batch are found too.
 */
export function insertCostRecords(
  db: Db,
  companyId: number,
  jobId: number,
  rows: CostRecord[],
): BatchItem<"sqlite">[] {
  return inGroups(rows, COST_ROWS_PER_STATEMENT).map((group) =>
    db
      .insert(skuCostRecords)
      .values(
        group.map((row) => ({
          companyId,
          productId: sql`(SELECT ${products.id} FROM ${products} WHERE ${products.companyId} = ${companyId} AND ${products.code} = ${row.code})`,
          cost: row.cost,
          jobId,
          line: row.line,
        })),
      )
      .onConflictDoNothing(),
  );
}

export async function findActiveProduct(
  db: Db,
  companyId: number,
  productId: number,
): Promise<{ id: number; cost: Cents } | undefined> {
  return db
    .select({ id: products.id, cost: products.cost })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.companyId, companyId), eq(products.status, 1)))
    .get();
}

/** Count and sum of the costs recorded for a product. */
export async function recordedCosts(
  db: Db,
  companyId: number,
  productId: number,
): Promise<{ count: number; sum: Cents }> {
  const row = await db
    .select({ count: sql<number>`count(*)`, sum: sql<number>`coalesce(sum(${skuCostRecords.cost}), 0)` })
    .from(skuCostRecords)
    .where(and(eq(skuCostRecords.companyId, companyId), eq(skuCostRecords.productId, productId)))
    .get();
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0) };
}

export async function setProductCost(
  db: Db,
  companyId: number,
  productId: number,
  cost: Cents,
): Promise<void> {
  await db
    .update(products)
    .set({ cost, updatedAt: utcNow })
    .where(and(eq(products.id, productId), eq(products.companyId, companyId)));
}
