import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  bankLines,
  conciliationLinks,
  consumers,
  entries,
  jobErrors,
  reconciliationAudit,
  titleCollectionEvents,
  titles,
} from "../../drizzle/schema";
import type {
  HistoryRow,
  PlannedEntry,
  PlannedSettlement,
  ReturnTitle,
} from "../domain/bank-returns/apply-plan";
import { LINE_STATUS, LINE_STATUS_REFUSED } from "../domain/reconciliation/line-statuses";
import { BANK_FEED_ORIGIN } from "../domain/statement/line-origins";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { isConstraintError } from "../lib/errors";
import { jsonLists } from "../lib/json-lists";
import type { Cents } from "../lib/money";
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

/** A liquidation of a CNAB return on the account, with the entries it posted (`domain/bank-returns/feed-credits.ts`). */
export type ReturnCredit = {
  /** The liquidation's history row. */
  id: number;
  /** The credit date. */
  date: string;
  paidValue: Cents;
  bankKey: string;
  titleDocument: string | null;
  consumerDocument: string | null;
  /** Its inflow entries: the title's receipt, the interest and surplus entries naming its nosso número. */
  entries: { id: number; value: Cents }[];
  /** Whether one of them is already reconciled with a line. */
  linked: boolean;
};

/**
 * The account's CNAB liquidations of one of `values` (cents paid) credited between `from` and `to`,
 * each with the entries the return
 * posted for it (dated its credit date, origin `bank-return`: the title's receipt, and the interest
 * and surplus entries whose description names its nosso número, with or without a check digit).
 */
export async function openReturnCredits(
  db: Db,
  companyId: number,
  bankAccountId: number,
  range: { from: string; to: string; values: number[] },
): Promise<ReturnCredit[]> {
  const nnOfEntry = sql.raw(
    "ltrim(substr(e.description, instr(e.description, 'boleto ') + 7, instr(e.description, ' - ') - instr(e.description, 'boleto ') - 7), '0')",
  );
  const rows = await db.all<{
    id: number;
    date: string;
    paidValue: number;
    bankKey: string;
    titleDocument: string | null;
    consumerDocument: string | null;
    entries: string;
  }>(sql`SELECT h.id, h.date, h.paid_value AS paidValue, h.bank_key AS bankKey, t.document AS titleDocument,
      c.document AS consumerDocument,
      (SELECT json_group_array(json_array(e.id, e.value, EXISTS (SELECT 1 FROM ${conciliationLinks} l WHERE l.entry_id = e.id)))
        FROM ${entries} e
        WHERE e.bank_account_id = h.bank_account_id AND e.date = h.date || ' 00:00:00' AND e.origin = 'bank-return'
          AND e.type_account = 0 AND e.company_id = h.company_id
          AND (e.title_id = h.title_id OR (e.title_id IS NULL AND e.document IS t.document
            AND (e.description LIKE 'Juros/multa boleto %' OR e.description LIKE 'Valor pago acima do título, boleto %')
            AND (${nnOfEntry} = h.bank_key OR ${nnOfEntry} LIKE h.bank_key || '_')))) AS entries
    FROM ${titleCollectionEvents} h
    JOIN ${titles} t ON t.id = h.title_id AND t.company_id = h.company_id
    LEFT JOIN ${consumers} c ON c.id = t.consumer_id AND c.company_id = t.company_id
    WHERE h.company_id = ${companyId} AND h.bank_account_id = ${bankAccountId} AND h.source = 'CNAB'
      AND h.kind = 'liquidation' AND h.paid_value IN (SELECT value FROM json_each(${JSON.stringify(range.values)}))
      AND h.date BETWEEN ${range.from} AND ${range.to}`);
  return rows.map((row) => {
    const list = JSON.parse(row.entries) as [number, number, number][];
    return {
      id: row.id,
      date: row.date,
      paidValue: row.paidValue,
      bankKey: row.bankKey,
      titleDocument: row.titleDocument,
      consumerDocument: row.consumerDocument,
      entries: list.map(([id, value]) => ({ id, value })),
      linked: list.some(([, , linked]) => linked === 1),
    };
  });
}

/** A bank feed's credit line still open to a CNAB credit: pending, nothing reconciled, posted, standing. */
export type FeedCreditLine = {
  id: number;
  date: string;
  value: Cents;
  description: string;
  document: string | null;
  payerDocument: string | null;
};

export async function bankFeedCreditLines(
  db: Db,
  companyId: number,
  bankAccountId: number,
  range: { from: string; to: string },
): Promise<FeedCreditLine[]> {
  return db
    .select({
      id: bankLines.id,
      date: bankLines.date,
      value: bankLines.value,
      description: bankLines.description,
      document: bankLines.document,
      payerDocument: bankLines.payerDocument,
    })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.bankAccountId, bankAccountId),
        eq(bankLines.companyId, companyId),
        eq(bankLines.origin, BANK_FEED_ORIGIN),
        eq(bankLines.statusId, LINE_STATUS.pending),
        eq(bankLines.reconciledValue, 0),
        eq(bankLines.pending, 0),
        isNull(bankLines.withdrawnAt),
        gt(bankLines.value, 0),
        sql`${bankLines.date} BETWEEN ${range.from} AND ${range.to}`,
      ),
    );
}

/**
 * Each feed line reconciled with its CNAB credit's entries in ONE batch: the links (not owning the
 * entries: undoing the reconciliation leaves the return's receipt), the line wholly reconciled
 * (status 2, automatic; a line no longer pending makes its status CHECK fail), an audit row each.
 * A refused batch (an entry linked or a line reconciled meanwhile) answers false, nothing written.
 */
export async function writeReturnCreditLinks(
  db: Db,
  scope: { companyId: number; bankAccountId: number; userId: number | null },
  links: readonly { lineId: number; creditId: number; value: Cents; entryIds: number[] }[],
): Promise<boolean> {
  const linkRows = links.flatMap((l) => l.entryIds.map((entryId) => [entryId, l.lineId]));
  const lineRows = JSON.stringify(links.map((l) => [l.lineId, l.value, l.creditId]));
  const statements: Statement[] = [
    rawStatement(
      db,
      sql`UPDATE ${bankLines} SET reconciled_value = abs(value),
          status_id = CASE WHEN status_id = ${LINE_STATUS.pending} AND reconciled_value = 0 AND pending = 0
            AND value = (SELECT j.value ->> 1 FROM json_each(${lineRows}) AS j WHERE j.value ->> 0 = ${bankLines}.id)
            THEN ${LINE_STATUS.autoReconciled} ELSE ${LINE_STATUS_REFUSED} END
        WHERE id IN (SELECT j.value ->> 0 FROM json_each(${lineRows}) AS j)
          AND +company_id = ${scope.companyId} AND +bank_account_id = ${scope.bankAccountId}`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO ${conciliationLinks} (company_id, entry_id, bank_line_id, posted_by_link, created_by)
        SELECT ${scope.companyId}, j.value ->> 0, j.value ->> 1, 0, ${scope.userId}
        FROM json_each(${JSON.stringify(linkRows)}) AS j`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO ${reconciliationAudit} (company_id, user_id, action, bank_line_id, details)
        SELECT ${scope.companyId}, NULL, 'auto', j.value ->> 0, json_object(
          'Source', 'CNAB', 'IDBankAccount', ${scope.bankAccountId}, 'IDTitleCollectionEvent', j.value ->> 2,
          'Total', j.value ->> 1, 'ReconciledValue', j.value ->> 1, 'IDTypeStatusConciliation', ${LINE_STATUS.autoReconciled},
          'Entries', (SELECT json_group_array(json_object('IDBankStatement', l.entry_id, 'PostedByLink', 0))
            FROM ${conciliationLinks} l WHERE l.bank_line_id = j.value ->> 0))
        FROM json_each(${lineRows}) AS j`,
    ),
  ];
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
    return true;
  } catch (error) {
    if (isConstraintError(error)) return false;
    throw error;
  }
}
