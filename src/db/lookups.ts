import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";

type CompanyScopedTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn; status?: SQLiteColumn };

/**
 * True when `id` is an active row of `table` owned by `companyId`. Used to validate every
 * registry id a request references; rows of other companies and soft-deleted rows do not exist.
 */
export async function existsInCompany(
  db: Db,
  table: CompanyScopedTable,
  companyId: number,
  id: number,
  extra?: SQL,
): Promise<boolean> {
  const conditions = [eq(table.id, id), eq(table.companyId, companyId)];
  if (table.status) conditions.push(eq(table.status, 1));
  if (extra) conditions.push(extra);
  const row = await db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(and(...conditions))
    .get();
  return row !== undefined;
}
