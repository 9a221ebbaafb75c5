import { and, asc, eq, sql } from "drizzle-orm";
import { entries, jobErrors, titleCollectionEvents, titles } from "../../drizzle/schema";
import type {
  HistoryRow,
  PlannedEntry,
  PlannedSettlement,
  ReturnTitle,
} from "../domain/bank-returns/apply-plan";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { jsonLists } from "../lib/json-lists";
import { rawStatement } from "./raw-statement";
import type { Statement } from "./sql";
import { utcNow } from "./sql";
import { timeOrderedHexId, titleStatusOf } from "./title-settlement";

/**
 * The writes of a CNAB return (domain/bank-returns/import-job.ts): set-based statements whose rows
 * travel as ONE JSON parameter read by `json_each`, each list cut under `MAX_JSON_BYTES`, so a
 * chunk of thousands of records is a few dozen statements within D1's 100 bound parameters
 * (lib/json-lists.ts).
 */

/** Who writes: the company, the account of the return and the job. */
export type ReturnScope = { companyId: number; bankAccountId: number; jobId: number; userId: number | null };

/** What a chunk of a return reads before it plans: its titles and the occurrences recorded on them. */
export type ReturnFacts = {
  titles: ReturnTitle[];
  /** The occurrences already recorded on the account for those titles' keys, as `key|code|date`. */
  recorded: Set<string>;
};

/** Titles per row of `returnFacts`' answer: 500 of at most about 600 bytes, far under D1's 2 MB a row. */
const TITLES_PER_ANSWER_ROW = 500;

/** A title as `returnFacts` reads it: the `ReturnTitle` fields in order, then its recorded `code|date`s. */
type FactsRow = [
  number,
  string | null,
  number | null,
  number,
  number,
  number,
  string,
  string | null,
  string[],
];

/**
 * The live receivable titles of the company whose nosso número key is one of `keys`, in the account
 * or with no account, each with the occurrences already recorded on the account under its key: ONE
 * query per list of keys (`jsonLists`), where there were three (the titles of each group of the
 * nosso número index, then the occurrences of every key read). Only a key that names a title can
 * have an occurrence that counts (the plan looks up `occurrenceId(title.key, ...)`), so reading the
 * occurrences through the titles found answers the same set with half the index searches. Each half
 * of the UNION searches one of the two unique indexes by its columns; the occurrences are a search
 * of the covering index `title_collection_events_occurrence` per title.
 *
 * The answer comes as JSON texts of 500 titles each (`json_array` per title, joined in SQL) instead
 * of one result row per title: D1 builds and hands over an object per row and column, which cost
 * more than the searches themselves (3,500 titles: about 3x the time of the whole read).
 */
export async function returnFacts(
  db: Db,
  companyId: number,
  bankAccountId: number,
  keys: readonly string[],
): Promise<ReturnFacts> {
  if (keys.length === 0) return { titles: [], recorded: new Set() };
  const select = sql`SELECT json_array(t.id, t.nosso_numero_key, t.bank_account_id, t.value, t.open_value,
        t.status, t.description, t.document,
        (SELECT json_group_array(e.occurrence_code || '|' || e.date) FROM ${titleCollectionEvents} AS e
          WHERE e.bank_account_id = ${bankAccountId} AND e.bank_key = t.nosso_numero_key)) AS title
      FROM ${titles} AS t
      WHERE t.company_id = ${companyId} AND t.type_account = 0 AND t.status <> ${TITLE_STATUS.deleted}
        AND t.nosso_numero IS NOT NULL AND t.nosso_numero_key IN (SELECT key FROM k)`;
  const answers = await Promise.all(
    jsonLists(keys).map((list) =>
      db.all<{ titles: string }>(sql`WITH k (key) AS (SELECT value FROM json_each(${list})),
        found AS (${select} AND t.bank_account_id = ${bankAccountId}
          UNION ALL
          ${select} AND t.bank_account_id IS NULL)
        SELECT '[' || group_concat(title, ',') || ']' AS titles
        FROM (SELECT title, (row_number() OVER ()) / ${TITLES_PER_ANSWER_ROW} AS part FROM found)
        GROUP BY part`),
    ),
  );
  const facts: ReturnFacts = { titles: [], recorded: new Set() };
  for (const answer of answers.flat()) {
    for (const [id, key, account, value, openValue, status, description, document, recorded] of JSON.parse(
      answer.titles,
    ) as FactsRow[]) {
      const title: ReturnTitle = {
        id,
        key: key ?? "",
        bankAccountId: account,
        value,
        openValue,
        status,
        description,
        document,
      };
      facts.titles.push(title);
      for (const occurrence of recorded) facts.recorded.add(`${title.key}|${occurrence}`);
    }
  }
  return facts;
}

/**
 * The history rows (source `CNAB`). A plain INSERT: a row another writer recorded meanwhile (the
 * same occurrence from a concurrent job) breaks the UNIQUE index and refuses the whole batch, which
 * the job's retry then reads as already recorded.
 */
export function insertCollectionEvents(db: Db, scope: ReturnScope, rows: readonly HistoryRow[]): Statement[] {
  const lists = jsonLists(
    rows.map((h) => [
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
  );
  return lists.map((list) =>
    rawStatement(
      db,
      sql`INSERT INTO ${titleCollectionEvents}
        (company_id, title_id, bank_account_id, source, kind, occurrence_code, bank_key, date,
         paid_value, interest, discount, tariff, reason, job_id)
      SELECT ${scope.companyId}, r.value ->> '$[0]', ${scope.bankAccountId}, 'CNAB', r.value ->> '$[1]',
        r.value ->> '$[2]', r.value ->> '$[3]', r.value ->> '$[4]', r.value ->> '$[5]', r.value ->> '$[6]',
        r.value ->> '$[7]', r.value ->> '$[8]', r.value ->> '$[9]', ${scope.jobId}
      FROM json_each(${list}) AS r`,
    ),
  );
}

/**
 * The entries of the return (origin `bank-return`), dated at the start of their day, in plan order
 * (a title's receipt, interest, surplus, tariff). Their `uid`s are time-ordered (`timeOrderedHexId`):
 * a return's thousands of entries land at the end of the uid index instead of all over it.
 */
export function insertReturnEntries(db: Db, scope: ReturnScope, rows: readonly PlannedEntry[]): Statement[] {
  const lists = jsonLists(
    rows.map((e) => [e.typeAccount, e.value, e.date, e.description, e.document, e.titleId]),
  );
  const uid = timeOrderedHexId();
  return lists.map((list) =>
    rawStatement(
      db,
      sql`INSERT INTO ${entries}
        (company_id, uid, bank_account_id, type_account, value, date, description, document, title_id, origin, created_by)
      SELECT ${scope.companyId}, ${uid}, ${scope.bankAccountId}, e.value ->> '$[0]',
        e.value ->> '$[1]', (e.value ->> '$[2]') || ' 00:00:00', e.value ->> '$[3]', e.value ->> '$[4]',
        e.value ->> '$[5]', 'bank-return', ${scope.userId}
      FROM json_each(${list}) AS e`,
    ),
  );
}

/**
 * Moves the open value of each title by its delta and recomputes its status, in one statement per
 * list. Compare-and-set through the CHECK on open_value: a title whose open value is no longer the
 * one the plan read (a payment by hand, a delete meanwhile) gets -1, which the CHECK refuses, so the
 * whole batch fails and the job's retry plans again from what is there.
 */
export function settleReturnTitles(
  db: Db,
  companyId: number,
  rows: readonly PlannedSettlement[],
): Statement[] {
  return jsonLists(rows.map((s) => [s.titleId, s.expectedOpen, s.delta])).map((list) => {
    const newOpen = sql`(CASE WHEN titles.open_value = s.expected AND titles.status <> ${TITLE_STATUS.deleted}
      THEN titles.open_value - s.delta ELSE -1 END)`;
    return rawStatement(
      db,
      sql`UPDATE ${titles}
      SET open_value = ${newOpen}, status = ${titleStatusOf(newOpen, sql`titles.value`)}, updated_at = ${utcNow}
      FROM (SELECT value ->> '$[0]' AS id, value ->> '$[1]' AS expected, value ->> '$[2]' AS delta
        FROM json_each(${list})) AS s
      WHERE titles.id = s.id AND +titles.company_id = ${companyId}`,
    );
  });
}

/**
 * The chunk's line notes in the job's `Errors`, in lists like the other writes (a chunk of thousands
 * of unknown nosso números is a few statements, not one per 33 rows); a note an earlier delivery
 * already stored is not stored twice (the UNIQUE job + line + message).
 */
export function insertReturnNotes(
  db: Db,
  jobId: number,
  notes: readonly { line: number; message: string }[],
): Statement[] {
  return jsonLists(notes.map((n) => [n.line, n.message])).map((list) =>
    rawStatement(
      db,
      sql`INSERT INTO ${jobErrors} (job_id, line, message)
      SELECT ${jobId}, n.value ->> '$[0]', n.value ->> '$[1]' FROM json_each(${list}) AS n WHERE true
      ON CONFLICT DO NOTHING`,
    ),
  );
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
