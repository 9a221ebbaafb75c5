import { and, eq, inArray, sql } from "drizzle-orm";
import {
  bankLines,
  companyIntegrations,
  consumers,
  entries,
  pixCharges,
  pixIntegrations,
  reconciliationAudit,
  titleCollectionEvents,
  titles,
} from "../../drizzle/schema";
import type { InboxLine, PixMatch, TitleCandidate } from "../domain/pix/matching";
import { LINE_STATUS, LINE_STATUS_REFUSED } from "../domain/reconciliation/line-statuses";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { insertIntegrationJobIfNone, openIntegrationJob } from "./jobs";
import { rawStatement } from "./raw-statement";
import { inList, type Statement, utcNow } from "./sql";
import { settledColumns, titlesPaidEvents } from "./title-settlement";

/**
 * Received Pix (BACEN API Pix) as bank lines of a Pix integration's account, and the settlement of
 * the titles they match: set-based statements, each reading its rows from one JSON parameter
 * (`json_each`), so a chunk of a thousand Pix is a handful of statements in ONE batch.
 */

export type PixIntegrationRow = typeof pixIntegrations.$inferSelect;

/** The integration kind a `company_integrations` row of a Pix integration carries. */
const PIX_KIND = "PIX";

const activePixIntegration = and(
  eq(companyIntegrations.id, pixIntegrations.companyIntegrationId),
  eq(companyIntegrations.companyId, pixIntegrations.companyId),
  eq(companyIntegrations.kind, PIX_KIND),
  eq(companyIntegrations.status, 1),
);

/** The active Pix integration whose webhook secret hashes to `secretHash` (any company of the account). */
export async function pixIntegrationBySecretHash(
  db: Db,
  secretHash: string,
): Promise<PixIntegrationRow | undefined> {
  const row = await db
    .select({ integration: pixIntegrations })
    .from(pixIntegrations)
    .innerJoin(companyIntegrations, activePixIntegration)
    .where(eq(pixIntegrations.webhookSecretHash, secretHash))
    .get();
  return row?.integration;
}

/** An active Pix integration of the company. */
export async function findPixIntegration(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<PixIntegrationRow | undefined> {
  const row = await db
    .select({ integration: pixIntegrations })
    .from(pixIntegrations)
    .innerJoin(companyIntegrations, activePixIntegration)
    .where(
      and(eq(pixIntegrations.companyIntegrationId, integrationId), eq(pixIntegrations.companyId, companyId)),
    )
    .get();
  return row?.integration;
}

/**
 * Active Pix integrations with an address and credentials whose `retry_after` is past (or unset):
 * those the cron polls. `now` is UTC `YYYY-MM-DD HH:MM:SS`.
 */
export async function pollableIntegrations(
  db: Db,
  now: string,
): Promise<{ companyId: number; integrationId: number }[]> {
  return db
    .select({ companyId: pixIntegrations.companyId, integrationId: pixIntegrations.companyIntegrationId })
    .from(pixIntegrations)
    .innerJoin(companyIntegrations, activePixIntegration)
    .where(
      and(
        sql`${pixIntegrations.baseUrl} IS NOT NULL`,
        sql`${pixIntegrations.credentials} IS NOT NULL`,
        sql`(${pixIntegrations.retryAfter} IS NULL OR ${pixIntegrations.retryAfter} <= ${now})`,
      ),
    )
    .orderBy(pixIntegrations.companyIntegrationId);
}

/** What a poll leaves on its integration: the state, its reason and when to try again. */
export type PollState = {
  state: string;
  reason: string | null;
  failures: number;
  /** UTC `YYYY-MM-DD HH:MM:SS`, or null = poll at the next cron. */
  retryAfter: string | null;
};

/** Records a failed poll (or an integration that cannot poll) on the integration. */
export async function recordPollState(
  db: Db,
  companyId: number,
  integrationId: number,
  state: PollState,
): Promise<void> {
  await db
    .update(pixIntegrations)
    .set({
      state: state.state,
      stateReason: state.reason,
      failures: state.failures,
      retryAfter: state.retryAfter,
      lastPollAt: utcNow,
      updatedAt: utcNow,
    })
    .where(
      and(eq(pixIntegrations.companyIntegrationId, integrationId), eq(pixIntegrations.companyId, companyId)),
    );
}

/**
 * A successful poll, for the batch of its last chunk: the cursor moves to the end of the window
 * read, the state is `Ok` again and the failures are forgotten.
 */
export function pollSucceeded(db: Db, companyId: number, integrationId: number, cursor: string): Statement {
  return db
    .update(pixIntegrations)
    .set({
      cursor,
      state: "Ok",
      stateReason: null,
      failures: 0,
      retryAfter: null,
      lastPollAt: utcNow,
      updatedAt: utcNow,
    })
    .where(
      and(eq(pixIntegrations.companyIntegrationId, integrationId), eq(pixIntegrations.companyId, companyId)),
    );
}

/** Route of the poll jobs in the jobs table (they have no file; the hash names the integration). */
export const PIX_POLL_ROUTE = "pix-poll";
const PIX_POLL_TYPE = "PixReceivedPoll";

/** A poll job of the integration, unless one is still Pending or Processing (one statement decides). */
export const insertPollJobIfNone = (
  db: Db,
  companyId: number,
  integrationId: number,
  userId: number | null,
) =>
  insertIntegrationJobIfNone(
    db,
    companyId,
    { route: PIX_POLL_ROUTE, type: PIX_POLL_TYPE, integrationId },
    userId,
  );

/** The poll job of the integration still Pending or Processing, if any. */
export const openPollJob = (db: Db, companyId: number, integrationId: number) =>
  openIntegrationJob(db, companyId, PIX_POLL_ROUTE, integrationId);

/** The dedupe keys of these lines already on the account. */
export async function existingLineKeys(db: Db, bankAccountId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: bankLines.dedupeKey })
    .from(bankLines)
    .where(and(eq(bankLines.bankAccountId, bankAccountId), inList(bankLines.dedupeKey, keys)));
  return new Set(rows.map((row) => row.key));
}

/** A line of another source (a bank feed) already carrying a Pix's endToEndId on the account. */
export type LineOfEndToEndId = {
  id: number;
  endToEndId: string;
  dedupeKey: string;
  date: string;
  value: number;
  description: string;
  fitId: string | null;
  /** Pending, nothing reconciled, posted (not the bank's pending) and standing: the Pix may settle on it. */
  open: boolean;
};

/** The lines of the account whose endToEndId is one of these (UNIQUE per account: at most one each). */
export async function linesOfEndToEndIds(
  db: Db,
  bankAccountId: number,
  endToEndIds: string[],
): Promise<LineOfEndToEndId[]> {
  if (endToEndIds.length === 0) return [];
  const rows = await db
    .select({
      id: bankLines.id,
      endToEndId: sql<string>`${bankLines.endToEndId}`,
      dedupeKey: bankLines.dedupeKey,
      date: bankLines.date,
      value: bankLines.value,
      description: bankLines.description,
      fitId: bankLines.fitId,
      open: sql<number>`${bankLines.statusId} = ${LINE_STATUS.pending} AND ${bankLines.reconciledValue} = 0
        AND ${bankLines.pending} = 0 AND ${bankLines.withdrawnAt} IS NULL`,
    })
    .from(bankLines)
    .where(and(eq(bankLines.bankAccountId, bankAccountId), inList(bankLines.endToEndId, endToEndIds)));
  return rows.map((row) => ({ ...row, open: row.open === 1 }));
}

/**
 * A Pix found on a line another source wrote (a bank feed's): that line is the Pix's, so it gains
 * what only the Pix API tells (the charge's txid, the payer), where it has none.
 */
export function completeAdoptedLines(db: Db, scope: InboxScope, lines: InboxLine[]): Statement {
  const values = lines.map((line) => [line.endToEndId, line.txId, line.payerDocument, line.payerName]);
  const json = rows(values);
  return rawStatement(
    db,
    sql`UPDATE ${bankLines} SET
        tx_id = coalesce(tx_id, (SELECT j.value ->> 1 FROM json_each(${json}) AS j WHERE j.value ->> 0 = end_to_end_id)),
        payer_document = coalesce(payer_document, (SELECT j.value ->> 2 FROM json_each(${json}) AS j WHERE j.value ->> 0 = end_to_end_id)),
        payer_name = coalesce(payer_name, (SELECT j.value ->> 3 FROM json_each(${json}) AS j WHERE j.value ->> 0 = end_to_end_id))
      WHERE bank_account_id = ${scope.bankAccountId} AND +company_id = ${scope.companyId}
        AND end_to_end_id IN (SELECT j.value ->> 0 FROM json_each(${json}) AS j)`,
  );
}

const candidateColumns = {
  id: titles.id,
  txId: titles.txId,
  status: titles.status,
  openValue: titles.openValue,
  dueDate: titles.dueDate,
  description: titles.description,
  document: titles.document,
};

/** Live receivable titles of the company carrying one of these txids (paid ones too: they refuse). */
export async function titlesByTxId(db: Db, companyId: number, txIds: string[]): Promise<TitleCandidate[]> {
  if (txIds.length === 0) return [];
  const rows = await db
    .select(candidateColumns)
    .from(titles)
    .where(
      and(
        eq(titles.companyId, companyId),
        eq(titles.typeAccount, 0),
        inList(titles.txId, txIds),
        inArray(titles.status, [TITLE_STATUS.open, TITLE_STATUS.partial, TITLE_STATUS.paid]),
      ),
    );
  return rows.map((row) => ({ ...row, consumerDocument: null }));
}

/** A consumer's document as Pix writes it: digits (CPF) or CNPJ characters, no punctuation. */
const plainDocument = sql<string>`upper(replace(replace(replace(replace(${consumers.document}, '.', ''), '-', ''), '/', ''), ' ', ''))`;

/**
 * Open (or partially paid) receivable titles of the company's consumers whose document is one of
 * `documents`, due between `from` and `to` (inclusive), whose open value is one of `values`.
 */
export async function openTitlesOfPayers(
  db: Db,
  companyId: number,
  query: { documents: string[]; from: string; to: string; values: number[] },
): Promise<TitleCandidate[]> {
  if (query.documents.length === 0 || query.values.length === 0) return [];
  return db
    .select({ ...candidateColumns, consumerDocument: plainDocument })
    .from(titles)
    .innerJoin(consumers, and(eq(consumers.id, titles.consumerId), eq(consumers.companyId, companyId)))
    .where(
      and(
        eq(titles.companyId, companyId),
        eq(titles.typeAccount, 0),
        inArray(titles.status, [TITLE_STATUS.open, TITLE_STATUS.partial]),
        sql`${titles.dueDate} BETWEEN ${query.from} AND ${query.to}`,
        inList(titles.openValue, query.values),
        inList(plainDocument, query.documents),
      ),
    );
}

/** Where a chunk's lines go and whom they are recorded under. */
export type InboxScope = { companyId: number; bankAccountId: number; jobId: number | null };

const rows = (values: unknown[][]) => JSON.stringify(values);

/** The received Pix as pending bank lines; a dedupe key already on the account is left alone. */
function insertLines(db: Db, scope: InboxScope, lines: InboxLine[]): Statement {
  const values = lines.map((line) => [
    line.date,
    line.value,
    line.description,
    line.dedupeKey,
    line.endToEndId,
    line.txId,
    line.payerDocument,
    line.payerName,
  ]);
  return rawStatement(
    db,
    sql`INSERT INTO ${bankLines}
        (company_id, bank_account_id, date, value, description, dedupe_key, status_id, job_id,
         end_to_end_id, tx_id, payer_document, payer_name)
      SELECT ${scope.companyId}, ${scope.bankAccountId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3,
        ${LINE_STATUS.pending}, ${scope.jobId}, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7
      FROM json_each(${rows(values)}) AS j
      WHERE true
      ON CONFLICT DO NOTHING`,
  );
}

/** A settling match with the key of the entry it posts. */
export type KeyedMatch = PixMatch & { uid: string };

/** Refuses the batch (open_value CHECK) when a matched title is no longer open: deleted or paid meanwhile. */
function guardOpenTitles(db: Db, companyId: number, titleIds: number[]): Statement {
  return rawStatement(
    db,
    sql`UPDATE ${titles} SET open_value = -1
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(titleIds)}))
        AND +company_id = ${companyId} AND +status NOT IN (${TITLE_STATUS.open}, ${TITLE_STATUS.partial})`,
  );
}

function insertEntries(db: Db, scope: InboxScope, matches: KeyedMatch[]): Statement {
  const values = matches.map((m) => [
    m.uid,
    m.value,
    m.dateTime,
    m.entryDescription,
    m.entryDocument,
    m.titleId,
  ]);
  return rawStatement(
    db,
    sql`INSERT INTO ${entries}
        (company_id, uid, bank_account_id, type_account, value, date, description, document, title_id, origin)
      SELECT ${scope.companyId}, j.value ->> 0, ${scope.bankAccountId}, 0, j.value ->> 1, j.value ->> 2,
        j.value ->> 3, j.value ->> 4, j.value ->> 5, 'pix'
      FROM json_each(${rows(values)}) AS j`,
  );
}

/** Each matched title loses what its Pix paid (the deltas of one title summed: one row per title). */
function settleTitles(db: Db, companyId: number, matches: KeyedMatch[]): Statement {
  const deltas = new Map<number, number>();
  for (const m of matches) deltas.set(m.titleId, (deltas.get(m.titleId) ?? 0) + m.value);
  const set = settledColumns(sql.raw("d.delta"));
  return rawStatement(
    db,
    sql`UPDATE ${titles} SET open_value = ${set.openValue}, status = ${set.status}, updated_at = ${set.updatedAt}
      FROM (SELECT value ->> 0 AS id, value ->> 1 AS delta FROM json_each(${rows([...deltas])})) AS d
      WHERE ${titles}.id = d.id AND +${titles}.company_id = ${companyId}`,
  );
}

/**
 * The title's collection history: one liquidation per Pix (`PIX`, keyed by its endToEndId). The
 * UNIQUE occurrence index refuses the batch when another writer settled the same Pix first.
 */
function insertCollectionEvents(db: Db, scope: InboxScope, matches: KeyedMatch[]): Statement {
  const values = matches.map((m) => [m.titleId, m.endToEndId, m.date, m.value]);
  return rawStatement(
    db,
    sql`INSERT INTO ${titleCollectionEvents}
        (company_id, title_id, bank_account_id, source, kind, occurrence_code, bank_key, date, paid_value, job_id)
      SELECT ${scope.companyId}, j.value ->> 0, ${scope.bankAccountId}, 'PIX', 'liquidation', 'PIX', j.value ->> 1,
        j.value ->> 2, j.value ->> 3, ${scope.jobId}
      FROM json_each(${rows(values)}) AS j`,
  );
}

const lineIdByKey = (bankAccountId: number, key: SqlText) =>
  sql`(SELECT id FROM ${bankLines} WHERE bank_account_id = ${bankAccountId} AND dedupe_key = ${key})`;
type SqlText = ReturnType<typeof sql.raw>;

/** One link per match: the entry posted (by key) and the Pix's line (by its dedupe key). */
function insertLinks(db: Db, scope: InboxScope, matches: KeyedMatch[]): Statement {
  const values = matches.map((m) => [m.uid, m.dedupeKey]);
  return rawStatement(
    db,
    sql`INSERT INTO conciliation_links (company_id, entry_id, bank_line_id, posted_by_link)
      SELECT ${scope.companyId}, (SELECT id FROM ${entries} WHERE uid = j.value ->> 0),
        ${lineIdByKey(scope.bankAccountId, sql.raw("j.value ->> 1"))}, 1
      FROM json_each(${rows(values)}) AS j`,
  );
}

/**
 * The matched lines become automatically reconciled (status 2), reconciled for their whole value (a
 * match settles exactly the Pix's value). The lines are found from the keys (`CROSS JOIN` keeps that
 * order: one lookup by the account's UNIQUE key per key) and updated by id; an UPDATE ... FROM the
 * keys scanned the account's lines for each key instead (seconds for a thousand). A line no longer pending
 * (reconciled meanwhile) gets a status the CHECK refuses: the whole batch is rolled back.
 */
function markLinesReconciled(db: Db, scope: InboxScope, matches: KeyedMatch[]): Statement {
  const keys = JSON.stringify(matches.map((m) => m.dedupeKey));
  return rawStatement(
    db,
    sql`UPDATE ${bankLines} SET reconciled_value = reconciled_value + value,
        status_id = CASE WHEN status_id = ${LINE_STATUS.pending} THEN ${LINE_STATUS.autoReconciled} ELSE ${LINE_STATUS_REFUSED} END
      WHERE id IN (SELECT b.id FROM json_each(${keys}) AS j
          CROSS JOIN ${bankLines} AS b ON b.bank_account_id = ${scope.bankAccountId} AND b.dedupe_key = j.value)
        AND +company_id = ${scope.companyId}`,
  );
}

/** The charges the Pix paid by their txid are `CONCLUIDA`, as the PSP answers them once paid. */
function concludeCharges(db: Db, scope: InboxScope, matches: KeyedMatch[]): Statement {
  const keys = JSON.stringify(matches.filter((m) => m.by === "txid").map((m) => m.dedupeKey));
  return rawStatement(
    db,
    sql`UPDATE ${pixCharges} SET status = 'CONCLUIDA', updated_at = ${utcNow}
      WHERE company_id = ${scope.companyId} AND status = 'ATIVA' AND tx_id IN (
        SELECT b.tx_id FROM json_each(${keys}) AS j
          CROSS JOIN ${bankLines} AS b ON b.bank_account_id = ${scope.bankAccountId} AND b.dedupe_key = j.value)`,
  );
}

/** One audit row per match (action `auto`, source `PIX`), joined from the JSON rows outwards (`CROSS JOIN`). */
function auditMatches(db: Db, scope: InboxScope, matches: KeyedMatch[]): Statement {
  const values = matches.map((m) => [m.dedupeKey, m.endToEndId, m.titleId, m.value, m.by]);
  return rawStatement(
    db,
    sql`INSERT INTO ${reconciliationAudit} (company_id, user_id, action, bank_line_id, details)
      SELECT ${scope.companyId}, NULL, 'auto', b.id, json_object(
        'Source', 'PIX', 'IDJob', ${scope.jobId}, 'IDBankAccount', ${scope.bankAccountId},
        'EndToEndId', j.value ->> 1, 'MatchedBy', j.value ->> 4, 'Total', j.value ->> 3,
        'ReconciledValue', b.reconciled_value, 'IDTypeStatusConciliation', b.status_id,
        'Entries', json_array(json_object('IDBankStatement', e.id, 'IDAccountPayableReceivable', e.title_id,
          'IDTypeAccount', e.type_account, 'Value', e.value, 'PostedByLink', 1)))
      FROM json_each(${rows(values)}) AS j
      CROSS JOIN ${bankLines} b ON b.bank_account_id = ${scope.bankAccountId} AND b.dedupe_key = j.value ->> 0
      CROSS JOIN conciliation_links l ON l.bank_line_id = b.id
      CROSS JOIN ${entries} e ON e.id = l.entry_id`,
  );
}

/**
 * The statements of one chunk, in order: the lines, then, for the matches, the guard on the titles,
 * the receipt entries, the titles' new open values, the collection history, the links, the lines'
 * status, the audit and `title.paid` of the titles paid. `followUps` (the poll's progress and
 * cursor) close the same batch.
 */
export function inboxChunkStatements(
  db: Db,
  scope: InboxScope,
  lines: InboxLine[],
  matches: KeyedMatch[],
  followUps: Statement[],
): Statement[] {
  const statements: Statement[] = [];
  if (lines.length > 0) statements.push(insertLines(db, scope, lines));
  if (matches.length > 0) {
    statements.push(
      guardOpenTitles(db, scope.companyId, [...new Set(matches.map((m) => m.titleId))]),
      insertEntries(db, scope, matches),
      settleTitles(db, scope.companyId, matches),
      insertCollectionEvents(db, scope, matches),
      insertLinks(db, scope, matches),
      markLinesReconciled(db, scope, matches),
      concludeCharges(db, scope, matches),
      auditMatches(db, scope, matches),
      ...titlesPaidEvents(
        db,
        scope.companyId,
        matches.map((m) => m.titleId),
      ),
    );
  }
  return [...statements, ...followUps];
}
