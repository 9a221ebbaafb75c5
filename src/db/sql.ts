import { eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** One statement of a `db.batch([...])`, as the domain passes them around without knowing Drizzle. */
export type Statement = BatchItem<"sqlite">;

/** D1 binds at most 100 parameters per statement: multi-row writes are cut in groups that fit. */
export const MAX_BOUND_PARAMETERS = 100;

export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/** Rows per page of every list of the API (`Page` is 0-based). */
export const PAGE_SIZE = 5000;

/** Page `page` (0-based) of a list query: `size` rows after the earlier pages (LIMIT, OFFSET). */
export function onPage<R>(
  query: { limit(size: number): { offset(rows: number): R } },
  page: number,
  size = PAGE_SIZE,
): R {
  return query.limit(size).offset(page * size);
}

/** The value a column holds, as a filter compares it. */
type ValueOf<C extends SQLiteColumn> = C["_"]["data"];

/**
 * The optional filters of a list: `column = value`, `>=`, `<=`, or no condition at all when the filter
 * is not given (`undefined`, which `and(...)` leaves out). A text filter whose empty value means "not
 * given" passes `text || undefined`.
 */
export function eqIf<C extends SQLiteColumn>(column: C, value: ValueOf<C> | undefined): SQL | undefined {
  return value === undefined ? undefined : eq(column, value);
}

export function gteIf<C extends SQLiteColumn>(column: C, value: ValueOf<C> | undefined): SQL | undefined {
  return value === undefined ? undefined : gte(column, value);
}

export function lteIf<C extends SQLiteColumn>(column: C, value: ValueOf<C> | undefined): SQL | undefined {
  return value === undefined ? undefined : lte(column, value);
}

/**
 * The page condition of a cursor list (`LastID`): ids above the last one of the previous page, in a
 * query ordered by that id and limited to the page size; no condition on the first page.
 */
export function afterId(id: SQLiteColumn, lastId: number | undefined): SQL | undefined {
  return lastId === undefined ? undefined : gt(id, lastId);
}

/** The database's clock as `YYYY-MM-DD HH:MM:SS` (UTC), read by the statement that uses it. */
export const utcNow = sql`strftime('%Y-%m-%d %H:%M:%S', 'now')`;

/**
 * `column IN (values)` with the values as one JSON parameter read by `json_each`, so a long list stays
 * one bound parameter (D1 allows 100 per statement).
 */
export function inList(column: SQLiteColumn | SQL, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/**
 * Free-text search of the API, one rule for every filter: true when one of `columns` contains `text`,
 * ignoring ASCII case (`lower`, like SQLite's LIKE; accents count: `é` is not `e`). With `words`, the
 * text is split at whitespace and the words must appear in that order, anything between them
 * (`nike air` finds `Nike Air Max`); without, it is one contiguous piece. Built on `instr`, not LIKE:
 * `%`, `_` and `\` match literally, and D1 refuses LIKE patterns over 50 bytes. Several words are
 * matched left to right by a recursive CTE over one JSON parameter. Undefined (no filter) when the
 * text has no word.
 */
export function containsText(
  columns: readonly (SQLiteColumn | SQL)[],
  text: string,
  { words = false } = {},
): SQL | undefined {
  const terms = words ? text.split(/\s+/).filter((term) => term !== "") : [text];
  if (terms.length === 0 || terms[0] === "") return undefined;
  const one = (column: SQLiteColumn | SQL): SQL =>
    terms.length === 1
      ? sql`instr(lower(${column}), lower(${terms[0]})) > 0`
      : sql`exists (
          with recursive m(k, rest) as (
            select 0, lower(${column})
            union all
            select m.k + 1, substr(m.rest, instr(m.rest, lower(t.value)) + length(t.value))
            from m join json_each(${JSON.stringify(terms)}) t on t.key = m.k
            where instr(m.rest, lower(t.value)) > 0
          )
          select 1 from m where m.k = ${terms.length})`;
  return sql`(${sql.join(columns.map(one), sql` or `)})`;
}
