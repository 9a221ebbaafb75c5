import { and, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The guard of a change of a row with a fiscal address (invoicing companies, consumers): the stored
 * municipality and UF are still `expected`, the pair the change was checked against.
 */
export const stillAddress = (
  columns: { cityCode: SQLiteColumn; uf: SQLiteColumn },
  expected: { cityCode: string | null; uf: string | null },
): SQL | undefined =>
  and(sql`${columns.cityCode} IS ${expected.cityCode}`, sql`${columns.uf} IS ${expected.uf}`);
