import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** One statement of a `db.batch([...])`, as the domain passes them around without knowing Drizzle. */
export type Statement = BatchItem<"sqlite">;

/** Rows per page of every list of the API (`Page` is 0-based). */
export const PAGE_SIZE = 5000;

/** The database's clock as `YYYY-MM-DD HH:MM:SS` (UTC), read by the statement that uses it. */
export const utcNow = sql`strftime('%Y-%m-%d %H:%M:%S', 'now')`;

/**
 * `column IN (values)` with the values as one JSON parameter read by `json_each`, so a long list stays
 * one bound parameter (D1 allows 100 per statement).
 */
export function inList(column: SQLiteColumn | SQL, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
