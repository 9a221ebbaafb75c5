import { and, eq, exists, not, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { brands, products } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { containsText } from "../sql";
import { ACTIVE, scopedRows } from "./scoped-rows";

export type BrandRow = typeof brands.$inferSelect;
export const brandRows = scopedRows(brands);

/** The brand is an active (Status 1) brand of the company: condition of writes that reference it. */
export const activeBrandExists = (db: Db, companyId: number, brandId: number | SQLiteColumn) =>
  exists(
    db
      .select({ id: brands.id })
      .from(brands)
      .where(brandRows.visible(companyId, eq(brands.id, brandId))),
  );

/** An active product (IsActive 1, Status 1) of the company uses the brand row being written. */
const activeProductUsesBrand = (db: Db, companyId: number) =>
  exists(
    db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.companyId, companyId),
          eq(products.brandId, brands.id),
          eq(products.isActive, 1),
          eq(products.status, ACTIVE),
        ),
      ),
  );

/** Active brands of the company whose id or name contains the words, ordered by name (5000 at most). */
export async function searchBrands(db: Db, companyId: number, search?: string): Promise<BrandRow[]> {
  const where = search
    ? containsText([sql`cast(${brands.id} as text)`, brands.name], search, { words: true })
    : undefined;
  return brandRows.list(db, companyId, { where, orderBy: [sql`${brands.name} collate nocase`, brands.id] });
}

/** Status 0 unless an active product uses the brand, decided in the same statement. */
export const softDeleteUnusedBrand = (db: Db, companyId: number, id: number) =>
  brandRows.softDelete(db, companyId, id, not(activeProductUsesBrand(db, companyId)));

export async function brandHasActiveProducts(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .select({ used: sql<number>`${activeProductUsesBrand(db, companyId)}` })
    .from(brands)
    .where(and(eq(brands.companyId, companyId), eq(brands.id, id)))
    .get();
  return row?.used === 1;
}
