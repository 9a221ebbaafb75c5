import { and, asc, eq, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { entries, titleCollectionEvents, titles } from "../../drizzle/schema";
import type {
  HistoryRow,
  PlannedEntry,
  PlannedSettlement,
  ReturnTitle,
} from "../domain/bank-returns/apply-plan";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { rawStatement } from "./raw-statement";
import { inGroups, inList, type Statement, utcNow } from "./sql";
import { titleStatusOf } from "./title-settlement";

/**
 * The writes of a CNAB return (domain/bank-returns/import-job.ts): set-based statements whose rows
 * travel as ONE JSON parameter read by `json_each`, so a chunk of a thousand records is a handful of
 * statements within D1's 100 bound parameters.
 */

/** Rows per statement (a row is ~200 bytes of JSON, far below D1's limits per value). */
const ROWS_PER_STATEMENT = 1000;

/** Who writes: the company, the account of the return and the job. */
export type ReturnScope = { companyId: number; bankAccountId: number; jobId: number; userId: number | null };

/**
 * The live receivable titles of the company whose nosso número key is one of `keys`, in the account
 * or with no account (one query; `keys` travel as one JSON parameter).
 */
export async function titlesByNossoNumero(
  db: Db,
  companyId: number,
  bankAccountId: number,
  keys: readonly string[],
): Promise<ReturnTitle[]> {
  if (keys.length === 0) return [];
  const columns = {
    id: titles.id,
    key: titles.nossoNumeroKey,
    bankAccountId: titles.bankAccountId,
    value: titles.value,
    openValue: titles.openValue,
    status: titles.status,
    description: titles.description,
    document: titles.document,
  };
  // one query per group of the unique index (the account's titles, those with no account), so each
  // is a search of the index by its four columns
  const ofGroup = (account: SQL) =>
    db
      .select(columns)
      .from(titles)
      .where(
        and(
          eq(titles.companyId, companyId),
          eq(titles.typeAccount, 0),
          ne(titles.status, TITLE_STATUS.deleted),
          isNotNull(titles.nossoNumero),
          account,
          inList(titles.nossoNumeroKey, [...keys]),
        ),
      );
  const [inAccount, withoutAccount] = await Promise.all([
    ofGroup(eq(titles.bankAccountId, bankAccountId)),
    ofGroup(isNull(titles.bankAccountId)),
  ]);
  const rows = [...inAccount, ...withoutAccount];
  return rows.map((row) => ({ ...row, key: row.key ?? "" }));
}

/** The occurrences already recorded on the account for `keys`, as `key|code|date`. */
export async function recordedOccurrences(
  db: Db,
  bankAccountId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({
      key: titleCollectionEvents.bankKey,
      code: titleCollectionEvents.occurrenceCode,
      date: titleCollectionEvents.date,
    })
    .from(titleCollectionEvents)
    .where(
      and(
        eq(titleCollectionEvents.bankAccountId, bankAccountId),
        inList(titleCollectionEvents.bankKey, [...keys]),
      ),
    );
  return new Set(rows.map((row) => `${row.key}|${row.code}|${row.date}`));
}

/**
 * The history rows (source `CNAB`). A plain INSERT: a row another writer recorded meanwhile (the
 * same occurrence from a concurrent job) breaks the UNIQUE index and refuses the whole batch, which
 * the job's retry then reads as already recorded.
 */
export function insertCollectionEvents(db: Db, scope: ReturnScope, rows: readonly HistoryRow[]): Statement[] {
  return inGroups(rows, ROWS_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`INSERT INTO ${titleCollectionEvents}
        (company_id, title_id, bank_account_id, source, kind, occurrence_code, bank_key, date,
         paid_value, interest, discount, tariff, reason, job_id)
      SELECT ${scope.companyId}, r.value ->> '$[0]', ${scope.bankAccountId}, 'CNAB', r.value ->> '$[1]',
        r.value ->> '$[2]', r.value ->> '$[3]', r.value ->> '$[4]', r.value ->> '$[5]', r.value ->> '$[6]',
        r.value ->> '$[7]', r.value ->> '$[8]', r.value ->> '$[9]', ${scope.jobId}
      FROM json_each(${JSON.stringify(
        group.map((h) => [
          h.titleId,
          h.kind,
          h.occurrenceCode,
          h.bankKey,
          h.date,
          h.paidValue,
          h.interest,
          h.discount,
          h.tariff,
          h.reason,
        ]),
      )}) AS r`,
    ),
  );
}

/** The entries of the return (origin `bank-return`), dated at the start of their day. */
export function insertReturnEntries(db: Db, scope: ReturnScope, rows: readonly PlannedEntry[]): Statement[] {
  return inGroups(rows, ROWS_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`INSERT INTO ${entries}
        (company_id, uid, bank_account_id, type_account, value, date, description, document, title_id, origin, created_by)
      SELECT ${scope.companyId}, lower(hex(randomblob(16))), ${scope.bankAccountId}, e.value ->> '$[0]',
        e.value ->> '$[1]', (e.value ->> '$[2]') || ' 00:00:00', e.value ->> '$[3]', e.value ->> '$[4]',
        e.value ->> '$[5]', 'bank-return', ${scope.userId}
      FROM json_each(${JSON.stringify(
        group.map((e) => [e.typeAccount, e.value, e.date, e.description, e.document, e.titleId]),
      )}) AS e`,
    ),
  );
}

/**
 * Moves the open value of each title by its delta and recomputes its status, in one statement per
 * group. Compare-and-set through the CHECK on open_value: a title whose open value is no longer the
 * one the plan read (a payment by hand, a delete meanwhile) gets -1, which the CHECK refuses, so the
 * whole batch fails and the job's retry plans again from what is there.
 */
export function settleReturnTitles(
  db: Db,
  companyId: number,
  rows: readonly PlannedSettlement[],
): Statement[] {
  return inGroups(rows, ROWS_PER_STATEMENT).map((group) => {
    const newOpen = sql`(CASE WHEN titles.open_value = s.expected AND titles.status <> ${TITLE_STATUS.deleted}
      THEN titles.open_value - s.delta ELSE -1 END)`;
    return rawStatement(
      db,
      sql`UPDATE ${titles}
      SET open_value = ${newOpen}, status = ${titleStatusOf(newOpen, sql`titles.value`)}, updated_at = ${utcNow}
      FROM (SELECT value ->> '$[0]' AS id, value ->> '$[1]' AS expected, value ->> '$[2]' AS delta
        FROM json_each(${JSON.stringify(group.map((s) => [s.titleId, s.expectedOpen, s.delta]))})) AS s
      WHERE titles.id = s.id AND +titles.company_id = ${companyId}`,
    );
  });
}

export type CollectionEventRow = typeof titleCollectionEvents.$inferSelect;

/** The collection history of a title of the company, oldest first. */
export async function collectionEventsOfTitle(
  db: Db,
  companyId: number,
  titleId: number,
): Promise<CollectionEventRow[]> {
  return db
    .select()
    .from(titleCollectionEvents)
    .where(and(eq(titleCollectionEvents.companyId, companyId), eq(titleCollectionEvents.titleId, titleId)))
    .orderBy(asc(titleCollectionEvents.id));
}
