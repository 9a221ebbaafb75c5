import { and, eq, ne } from "drizzle-orm";
import { products } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { scopedRows } from "./scoped-rows";

export type ProductRow = typeof products.$inferSelect;
export const productRows = scopedRows(products);

/**
 * True when another product of the company holds the SKU code. Deleted products count too: the
 * unique index keeps a code for good, so imports and history that name it stay unambiguous.
 */
export async function productCodeTaken(db: Db, companyId: number, code: string, exceptId?: number) {
  const conditions = [eq(products.companyId, companyId), eq(products.code, code)];
  if (exceptId !== undefined) conditions.push(ne(products.id, exceptId));
  const row = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .get();
  return row !== undefined;
}
