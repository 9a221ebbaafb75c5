import { and, eq, getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../env";
import { onPage, utcNow } from "../sql";

/** No list answers more than this many rows; `Page` (0-based) walks through them. */
export const ACTIVE = 1;
export const DELETED = 0;

/** A registry table: rows owned by a company, soft-deleted through `status`. */
export type ScopedTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn; status: SQLiteColumn };

export type ListOptions = { page?: number; where?: SQL; orderBy?: (SQLiteColumn | SQL)[] };

/** Values a registry write may set: never the id, the owner or the soft-delete status. */
export type WritableValues<T extends ScopedTable> = Omit<T["$inferInsert"], "id" | "companyId" | "status">;

/**
 * The company-scoped reads and writes every registry shares. Every query carries the company and
 * `status = 1`: rows of another company and soft-deleted rows are never seen, changed or deleted.
 */
export function scopedRows<T extends ScopedTable>(table: T) {
  type Row = T["$inferSelect"];
  const untyped = table as SQLiteTable;
  const hasUpdatedAt = "updatedAt" in getTableColumns(table);

  /** Condition of a visible row of the company, plus any extra conditions. */
  const visible = (companyId: number, ...more: (SQL | undefined)[]) =>
    and(eq(table.companyId, companyId), eq(table.status, ACTIVE), ...more);

  const find = async (db: Db, companyId: number, id: number): Promise<Row | undefined> =>
    (await db
      .select()
      .from(untyped)
      .where(visible(companyId, eq(table.id, id)))
      .get()) as Row | undefined;

  return {
    table,
    visible,
    find,

    list: async (db: Db, companyId: number, options: ListOptions = {}): Promise<Row[]> => {
      const { page = 0, where, orderBy = [table.id] } = options;
      return (await onPage(
        db
          .select()
          .from(untyped)
          .where(visible(companyId, where))
          .orderBy(...orderBy),
        page,
      )) as Row[];
    },

    insert: async (db: Db, companyId: number, values: WritableValues<T>): Promise<Row> => {
      const [row] = await db
        .insert(untyped)
        .values({ ...values, companyId } as T["$inferInsert"])
        .returning();
      return row as Row;
    },

    /** Sets the given columns; undefined when the row is not visible or `guard` refuses the write. */
    update: async (
      db: Db,
      companyId: number,
      id: number,
      changes: Partial<WritableValues<T>>,
      guard?: SQL,
    ): Promise<Row | undefined> => {
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(set).length === 0 && !guard) return find(db, companyId, id);
      if (hasUpdatedAt) set.updatedAt = utcNow;
      if (Object.keys(set).length === 0) set.id = table.id; // a guarded no-op write still tells if the guard holds
      const [row] = await db
        .update(untyped)
        .set(set)
        .where(visible(companyId, eq(table.id, id), guard))
        .returning();
      return row as Row | undefined;
    },

    /** Status 0; false when the row is not visible or `guard` refuses the delete. */
    softDelete: async (db: Db, companyId: number, id: number, guard?: SQL): Promise<boolean> => {
      const set: Record<string, unknown> = { status: DELETED };
      if (hasUpdatedAt) set.updatedAt = utcNow;
      const rows = await db
        .update(untyped)
        .set(set)
        .where(visible(companyId, eq(table.id, id), guard))
        .returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export type ScopedRows<T extends ScopedTable> = ReturnType<typeof scopedRows<T>>;

/**
 * `INSERT ... SELECT <values> WHERE <condition> RETURNING *`: the row is written only when the
 * condition (e.g. "the referenced brand is active") holds at the moment of the write, in one
 * statement, so a concurrent delete of the referenced row can never leave a dangling reference.
 */
export async function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: { [K in keyof T["$inferInsert"]]: T["$inferInsert"][K] | SQL },
  condition: SQL,
): Promise<T["$inferSelect"] | undefined> {
  const selected = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = (values as Record<string, unknown>)[key];
    if (value !== undefined) return is(value, SQL) ? value : sql.param(value, column);
    const fallback: unknown = column.default;
    if (fallback === undefined || fallback === null) return sql`null`;
    return is(fallback, SQL) ? sql`${fallback}` : sql.param(fallback, column);
  });
  const [row] = await db
    .insert(table as SQLiteTable)
    .select(sql`select ${sql.join(selected, sql`, `)} where ${condition}`)
    .returning();
  return row as T["$inferSelect"] | undefined;
}
