import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { events, titles } from "../../drizzle/schema";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { newEventDispatchedAt } from "./events/outbox";
import { rawStatement } from "./raw-statement";
import { inGroups, type Statement, utcNow } from "./sql";

/** The status of a live title whose open value becomes `openValue` out of `value` (in the same statement). */
export function titleStatusOf(openValue: SQL, value: Cents | SQLWrapper): SQL {
  return sql`CASE WHEN ${openValue} = 0 THEN ${TITLE_STATUS.paid} WHEN ${openValue} = ${value} THEN ${TITLE_STATUS.open} ELSE ${TITLE_STATUS.partial} END`;
}

/**
 * The columns a settlement of `delta` rewrites: the open value, the status computed from it in the
 * same statement, and the change time. `delta` is a number or an SQL expression (a column of the
 * rows a bulk statement settles).
 */
export function settledColumns(delta: Cents | SQL) {
  const newOpen = sql`${titles.openValue} - ${delta}`;
  return {
    openValue: newOpen,
    status: titleStatusOf(newOpen, titles.value),
    updatedAt: utcNow,
  };
}

/**
 * Moves a title's open value by `-delta` (a payment settles `delta`; a negative delta restores it)
 * and recomputes its status in the same statement. The CHECK on open_value (0..value) makes the
 * whole batch fail when concurrent payments would overpay the title or restore it above its value.
 */
export function settleTitle(
  db: Db,
  companyId: number,
  titleId: number,
  delta: Cents,
  guard?: ReturnType<typeof sql>,
) {
  const conditions = [eq(titles.id, titleId), eq(titles.companyId, companyId)];
  if (guard) conditions.push(guard);
  return db
    .update(titles)
    .set(settledColumns(delta))
    .where(and(...conditions)) as BatchItem<"sqlite">;
}

/** Holds, inside a batch, once the title's open value reached zero (status paid). */
export const titlePaidInBatch = (titleId: number) =>
  sql`(SELECT ${titles.status} FROM ${titles} WHERE ${titles.id} = ${titleId}) = ${TITLE_STATUS.paid}`;

/** The title's kind and value as the batch sees them (the value as a 2-decimal number). */
export const titleFactsInBatch = (titleId: number) => ({
  IDTypeAccount: sql`(SELECT ${titles.typeAccount} FROM ${titles} WHERE ${titles.id} = ${titleId})`,
  Value: sql`(SELECT ${titles.value} / 100.0 FROM ${titles} WHERE ${titles.id} = ${titleId})`,
});

/**
 * A new 32-hex-digit id that sorts after the ids written before it, as SQL for a set-based INSERT:
 * 12 hex digits of the writer's clock (milliseconds) then 20 random ones (80 bits, per row). The
 * UNIQUE index on such ids then grows at its end, in the pages it just wrote, where a wholly random
 * id lands each row of a large insert on another page of an index that grows with the table: on a
 * table of 150,000 entries a set of 6,000 took 2.5x longer with random ids (docs/CNAB.md,
 * "Performance"). Unguessable as before: the random part alone has 80 bits.
 */
export function timeOrderedHexId(now = Date.now()): SQL {
  return sql`(${now.toString(16).padStart(12, "0")} || lower(hex(randomblob(10))))`;
}

/** Titles per `title.paid` statement of `titlesPaidEvents` (one JSON list of ids under 100 KB). */
const PAID_TITLES_PER_STATEMENT = 8000;

/**
 * `title.paid` of each of `titleIds` whose status is paid at this point of the batch (after the
 * settlements), in one statement per 8,000 titles: the set-based form of `titlePaidStatement`
 * (domain/events/finance-events), with its payload (`IDAccountPayableReceivable`, `IDTypeAccount`,
 * `Value` as the batch sees them) and its `evt_<32 hex>` public id (`timeOrderedHexId`), in title
 * order. One event statement per title made a chunk of a thousand settlements a batch of hundreds of
 * statements.
 */
export function titlesPaidEvents(db: Db, companyId: number, titleIds: readonly number[]): Statement[] {
  return inGroups([...new Set(titleIds)], PAID_TITLES_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`INSERT INTO ${events} (company_id, uid, type, payload, dispatched_at)
      SELECT ${companyId}, 'evt_' || ${timeOrderedHexId()}, 'title.paid',
        json_object('IDAccountPayableReceivable', t.id, 'IDTypeAccount', t.type_account, 'Value', t.value / 100.0),
        ${newEventDispatchedAt(companyId, "title.paid")}
      FROM ${titles} AS t
      WHERE t.id IN (SELECT value FROM json_each(${JSON.stringify(group)})) AND +t.company_id = ${companyId}
        AND +t.status = ${TITLE_STATUS.paid}
      ORDER BY t.id`,
    ),
  );
}
