import { and, asc, eq, gt, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import {
  acquirerLines,
  bankAccounts,
  bankLines,
  conciliationLinks,
  entries,
  reconciliationAudit,
} from "../../drizzle/schema";
import { LINE_STATUS } from "../domain/reconciliation/line-statuses";
import type { Db } from "../env";
import { addDays } from "../lib/dates";
import type { Cents } from "../lib/money";
import { balancesUpTo } from "./ledger";
import { rawStatement } from "./raw-statement";
import { eqIf, gteIf, inList, lteIf, onPage, type Statement, utcNow } from "./sql";

/**
 * Reads of the bank statement area: the internal statement (entries with their running balance),
 * bank lines and acquirer lines with the internal entries linked to them.
 */

export type BankLineRow = typeof bankLines.$inferSelect;
export type AcquirerLineRow = typeof acquirerLines.$inferSelect;

/** An internal entry with the reconciliation it is linked to, if any. */
export type EntryView = {
  id: number;
  bankAccountId: number;
  typeAccount: number;
  value: Cents;
  date: string;
  description: string;
  document: string | null;
  titleId: number | null;
  transferId: number | null;
  origin: string;
  bankLineId: number | null;
  acquirerLineId: number | null;
  lineStatus: number | null;
  postedByLink: number | null;
};

/** An entry of the internal statement and the running sum (signed cents) of the filtered range up to it. */
export type StatementRow = EntryView & { runningSum: Cents };

export type EntryFilters = {
  companyId: number;
  bankAccountId?: number;
  typeAccount?: number;
  dateFrom?: string;
  dateTo?: string;
  entryId?: number;
  onlyWithoutTitle?: boolean;
};

export type BankLineFilters = {
  companyId: number;
  bankAccountId?: number;
  typeAccount?: number;
  dateFrom?: string;
  dateTo?: string;
  lineId?: number;
  statusId?: number;
  entryId?: number;
};

export type AcquirerLineFilters = {
  companyId: number;
  bankAccountId?: number;
  dateFrom?: string;
  dateTo?: string;
  statusId?: number;
};

const signedValue = sql<number>`CASE WHEN ${entries.typeAccount} = 0 THEN ${entries.value} ELSE -${entries.value} END`;

const entryViewColumns = {
  id: entries.id,
  bankAccountId: entries.bankAccountId,
  typeAccount: entries.typeAccount,
  value: entries.value,
  date: entries.date,
  description: entries.description,
  document: entries.document,
  titleId: entries.titleId,
  transferId: entries.transferId,
  origin: entries.origin,
  bankLineId: conciliationLinks.bankLineId,
  acquirerLineId: conciliationLinks.acquirerLineId,
  lineStatus: sql<number | null>`coalesce(${bankLines.statusId}, ${acquirerLines.statusId})`,
  postedByLink: conciliationLinks.postedByLink,
};

/** Entries joined to their link (entry_id is unique there, so the join never multiplies rows). */
function entriesWithLinks(db: Db) {
  return db
    .select(entryViewColumns)
    .from(entries)
    .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
    .leftJoin(bankLines, eq(bankLines.id, conciliationLinks.bankLineId))
    .leftJoin(acquirerLines, eq(acquirerLines.id, conciliationLinks.acquirerLineId));
}

function entryConditions(f: EntryFilters): (SQL | undefined)[] {
  // With an account, `+company_id` keeps SQLite on the account's index (entries_account_date).
  const company =
    f.bankAccountId === undefined
      ? [eq(entries.companyId, f.companyId)]
      : [sql`+${entries.companyId} = ${f.companyId}`, eq(entries.bankAccountId, f.bankAccountId)];
  return [
    ...company,
    eqIf(entries.typeAccount, f.typeAccount),
    gteIf(entries.date, f.dateFrom),
    // Entry dates carry a time: the whole last day is included.
    f.dateTo !== undefined ? lt(entries.date, addDays(f.dateTo, 1)) : undefined,
    eqIf(entries.id, f.entryId),
    f.onlyWithoutTitle ? isNull(entries.titleId) : undefined,
  ];
}

/**
 * One page of the internal statement, ordered by date then id. The running sum is a window over
 * every filtered row (computed before LIMIT/OFFSET), so a later page starts where the earlier ended.
 */
export async function statementPage(db: Db, f: EntryFilters, page: number): Promise<StatementRow[]> {
  const rows = await onPage(
    db
      .select({
        ...entryViewColumns,
        runningSum: sql<number>`sum(${signedValue}) OVER (ORDER BY ${entries.date}, ${entries.id} ROWS UNBOUNDED PRECEDING)`,
      })
      .from(entries)
      .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
      .leftJoin(bankLines, eq(bankLines.id, conciliationLinks.bankLineId))
      .leftJoin(acquirerLines, eq(acquirerLines.id, conciliationLinks.acquirerLineId))
      .where(and(...entryConditions(f)))
      .orderBy(asc(entries.date), asc(entries.id)),
    page,
  );
  return rows.map((r) => ({ ...r, runningSum: Number(r.runningSum) }));
}

/** Receipts, payments and entry count of the whole filtered range (not only one page). */
export async function statementTotals(
  db: Db,
  f: EntryFilters,
): Promise<{ receipts: Cents; payments: Cents; count: number }> {
  const row = await db
    .select({
      receipts: sql<number>`coalesce(sum(CASE WHEN ${entries.typeAccount} = 0 THEN ${entries.value} END), 0)`,
      payments: sql<number>`coalesce(sum(CASE WHEN ${entries.typeAccount} = 1 THEN ${entries.value} END), 0)`,
      count: sql<number>`count(*)`,
    })
    .from(entries)
    .where(and(...entryConditions(f)))
    .get();
  return {
    receipts: Number(row?.receipts ?? 0),
    payments: Number(row?.payments ?? 0),
    count: Number(row?.count ?? 0),
  };
}

/** Ids of every bank account of the company (any status: an inactive account keeps its history). */
export async function companyBankAccountIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.companyId, companyId));
  return rows.map((r) => r.id);
}

/** Summed balance of the given accounts up to `day` inclusive, from the day totals. */
export async function summedBalanceUpTo(db: Db, bankAccountIds: number[], day: string): Promise<Cents> {
  let total = 0;
  for (const balance of (await balancesUpTo(db, bankAccountIds, day)).values()) total += balance;
  return total;
}

/** Entries linked to one bank line, ordered by date then id. */
export async function entriesLinkedToBankLine(db: Db, companyId: number, lineId: number) {
  return entriesWithLinks(db)
    .where(and(eq(conciliationLinks.companyId, companyId), eq(conciliationLinks.bankLineId, lineId)))
    .orderBy(asc(entries.date), asc(entries.id));
}

/** Entries linked to one acquirer line, ordered by date then id. */
export async function entriesLinkedToAcquirerLine(db: Db, companyId: number, lineId: number) {
  return entriesWithLinks(db)
    .where(and(eq(conciliationLinks.companyId, companyId), eq(conciliationLinks.acquirerLineId, lineId)))
    .orderBy(asc(entries.date), asc(entries.id));
}

function bankLineConditions(db: Db, f: BankLineFilters): (SQL | undefined)[] {
  // With an account, `+company_id` keeps SQLite on the account's index (bank_lines_account_date)
  // instead of scanning every line of the company in the period.
  const conditions: (SQL | undefined)[] =
    f.bankAccountId === undefined
      ? [eq(bankLines.companyId, f.companyId)]
      : [sql`+${bankLines.companyId} = ${f.companyId}`, eq(bankLines.bankAccountId, f.bankAccountId)];
  if (f.typeAccount === 0) conditions.push(gt(bankLines.value, 0));
  if (f.typeAccount === 1) conditions.push(lt(bankLines.value, 0));
  conditions.push(
    gteIf(bankLines.date, f.dateFrom),
    lteIf(bankLines.date, f.dateTo),
    eqIf(bankLines.id, f.lineId),
    eqIf(bankLines.statusId, f.statusId),
  );
  if (f.entryId !== undefined) {
    const linked = db
      .select({ id: conciliationLinks.bankLineId })
      .from(conciliationLinks)
      .where(eq(conciliationLinks.entryId, f.entryId));
    conditions.push(inArray(bankLines.id, linked));
  }
  return conditions;
}

/**
 * One page of bank lines and every entry linked to a line of that page: two queries, the second
 * looking the page's links up by line id (one JSON list) instead of running the page query again.
 */
export async function bankLinesPage(
  db: Db,
  f: BankLineFilters,
  page: number,
): Promise<{ lines: BankLineRow[]; linked: EntryView[] }> {
  const lines = await onPage(
    db
      .select()
      .from(bankLines)
      .where(and(...bankLineConditions(db, f)))
      .orderBy(asc(bankLines.date), asc(bankLines.id)),
    page,
  );
  if (lines.length === 0) return { lines, linked: [] };
  const linked = await entriesWithLinks(db)
    .where(
      and(
        eq(conciliationLinks.companyId, f.companyId),
        inList(
          conciliationLinks.bankLineId,
          lines.map((line) => line.id),
        ),
      ),
    )
    .orderBy(asc(entries.date), asc(entries.id));
  return { lines, linked };
}

/** One page of acquirer lines and every entry linked to a line of that page. */
export async function acquirerLinesPage(
  db: Db,
  f: AcquirerLineFilters,
  page: number,
): Promise<{ lines: AcquirerLineRow[]; linked: EntryView[] }> {
  const conditions = [
    eq(acquirerLines.companyId, f.companyId),
    eqIf(acquirerLines.bankAccountId, f.bankAccountId),
    gteIf(acquirerLines.date, f.dateFrom),
    lteIf(acquirerLines.date, f.dateTo),
    eqIf(acquirerLines.statusId, f.statusId),
  ];
  const pageIds = onPage(
    db
      .select({ id: acquirerLines.id })
      .from(acquirerLines)
      .where(and(...conditions))
      .orderBy(asc(acquirerLines.date), asc(acquirerLines.id)),
    page,
  );
  const lines = await onPage(
    db
      .select()
      .from(acquirerLines)
      .where(and(...conditions))
      .orderBy(asc(acquirerLines.date), asc(acquirerLines.id)),
    page,
  );
  if (lines.length === 0) return { lines, linked: [] };
  const linked = await entriesWithLinks(db)
    .where(
      and(eq(conciliationLinks.companyId, f.companyId), inArray(conciliationLinks.acquirerLineId, pageIds)),
    )
    .orderBy(asc(entries.date), asc(entries.id));
  return { lines, linked };
}

export async function findBankLine(
  db: Db,
  companyId: number,
  lineId: number,
): Promise<BankLineRow | undefined> {
  return db
    .select()
    .from(bankLines)
    .where(and(eq(bankLines.id, lineId), eq(bankLines.companyId, companyId)))
    .get();
}

export async function findAcquirerLine(
  db: Db,
  companyId: number,
  lineId: number,
): Promise<AcquirerLineRow | undefined> {
  return db
    .select()
    .from(acquirerLines)
    .where(and(eq(acquirerLines.id, lineId), eq(acquirerLines.companyId, companyId)))
    .get();
}

export type NewBankLine = {
  companyId: number;
  bankAccountId: number;
  date: string;
  value: Cents;
  description: string;
  document: string | null;
  createdBy: number;
};

/** A bank line typed by hand: its dedupe key is unique by construction. */
export async function insertManualBankLine(db: Db, line: NewBankLine): Promise<BankLineRow> {
  const [row] = await db
    .insert(bankLines)
    .values({ ...line, dedupeKey: `manual:${crypto.randomUUID()}`, statusId: LINE_STATUS.pending })
    .returning();
  return row!;
}

export type NewAcquirerLine = {
  companyId: number;
  bankAccountId: number | null;
  acquirer: string;
  date: string;
  grossValue: Cents;
  netValue: Cents;
  createdBy: number;
};

export async function insertAcquirerLine(db: Db, line: NewAcquirerLine): Promise<AcquirerLineRow> {
  const [row] = await db
    .insert(acquirerLines)
    .values({ ...line, statusId: LINE_STATUS.pending })
    .returning();
  return row!;
}

/** A bank feed's line as the rename and deletion rules read it (`domain/statement/feed-changes.ts`). */
export type FeedLineFacts = {
  id: number;
  feedTransactionId: string;
  date: string;
  value: Cents;
  description: string;
  pending: boolean;
  withdrawn: boolean;
  /** Cents reconciled (a withdrawn line keeps its reconciliation). */
  reconciledValue: Cents;
};

/**
 * The account's feed lines the aggregator deleted (by their current transaction id), and those
 * withdrawn since `withdrawnSince` (UTC), which a later creation may still re-create.
 */
export async function feedLinesForChanges(
  db: Db,
  companyId: number,
  bankAccountId: number,
  deletedIds: string[],
  withdrawnSince: string,
): Promise<FeedLineFacts[]> {
  const rows = await db
    .select({
      id: bankLines.id,
      feedTransactionId: sql<string>`${bankLines.feedTransactionId}`,
      date: bankLines.date,
      value: bankLines.value,
      description: bankLines.description,
      pending: bankLines.pending,
      withdrawnAt: bankLines.withdrawnAt,
      reconciledValue: bankLines.reconciledValue,
    })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.bankAccountId, bankAccountId),
        eq(bankLines.companyId, companyId),
        sql`${bankLines.feedTransactionId} IS NOT NULL`,
        sql`(${inList(bankLines.feedTransactionId, deletedIds.length > 0 ? deletedIds : [""])}
          OR ${bankLines.withdrawnAt} >= ${withdrawnSince})`,
      ),
    );
  return rows.map(({ withdrawnAt, pending, ...row }) => ({
    ...row,
    pending: pending === 1,
    withdrawn: withdrawnAt !== null,
  }));
}

/** What the feed's changes do to its lines, decided by `domain/statement/feed-changes.ts`. */
export type FeedLineChanges = {
  /**
   * The line keeps its place and reconciliation; it takes the new id, date and pending flag (and
   * stands again). A line the bank posted never turns pending again.
   */
  renames: { lineId: number; feedTransactionId: string; date: string; pending: boolean }[];
  /** Pending lines the bank deleted: removed. */
  removals: number[];
  /** Posted lines the bank deleted: withdrawn (kept, with their reconciliation, for a person). */
  withdrawals: number[];
};

/**
 * The changes in statements for ONE batch. A removal touches only a line still pending at the bank
 * with nothing reconciled; a withdrawal only a standing line; each withdrawn line with a
 * reconciliation gets an audit row `withdrawn` (never silently). A rename to an id another line
 * already holds fails the UNIQUE `bank_lines_account_feed_id`: the batch is refused whole.
 */
export function feedLineChangeStatements(
  db: Db,
  scope: { companyId: number; bankAccountId: number },
  changes: FeedLineChanges,
): Statement[] {
  const statements: Statement[] = [];
  const scoped = sql`bank_account_id = ${scope.bankAccountId} AND +company_id = ${scope.companyId}`;
  if (changes.renames.length > 0) {
    const rows = JSON.stringify(
      changes.renames.map((r) => [r.lineId, r.feedTransactionId, r.date, r.pending ? 1 : 0]),
    );
    statements.push(
      rawStatement(
        db,
        sql`UPDATE ${bankLines} SET
            feed_transaction_id = (SELECT j.value ->> 1 FROM json_each(${rows}) AS j WHERE j.value ->> 0 = ${bankLines.id}),
            date = (SELECT j.value ->> 2 FROM json_each(${rows}) AS j WHERE j.value ->> 0 = ${bankLines.id}),
            pending = min(pending, (SELECT j.value ->> 3 FROM json_each(${rows}) AS j WHERE j.value ->> 0 = ${bankLines.id})),
            withdrawn_at = NULL
          WHERE id IN (SELECT j.value ->> 0 FROM json_each(${rows}) AS j) AND ${scoped}`,
      ),
    );
  }
  if (changes.removals.length > 0) {
    statements.push(
      rawStatement(
        db,
        sql`DELETE FROM ${bankLines}
          WHERE id IN (SELECT value FROM json_each(${JSON.stringify(changes.removals)})) AND ${scoped}
            AND pending = 1 AND status_id = ${LINE_STATUS.pending} AND reconciled_value = 0`,
      ),
    );
  }
  if (changes.withdrawals.length > 0) {
    const ids = JSON.stringify(changes.withdrawals);
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO ${reconciliationAudit} (company_id, user_id, action, bank_line_id, details)
          SELECT ${scope.companyId}, NULL, 'withdrawn', b.id, json_object('IDBankAccount', b.bank_account_id,
            'ReconciledValue', b.reconciled_value, 'IDTypeStatusConciliation', b.status_id,
            'Reason', 'Movimento retirado pelo banco; a conciliação foi mantida para revisão')
          FROM ${bankLines} b
          WHERE b.id IN (SELECT value FROM json_each(${ids})) AND b.bank_account_id = ${scope.bankAccountId}
            AND b.withdrawn_at IS NULL AND b.reconciled_value > 0`,
      ),
      rawStatement(
        db,
        sql`UPDATE ${bankLines} SET withdrawn_at = ${utcNow}
          WHERE id IN (SELECT value FROM json_each(${ids})) AND ${scoped} AND withdrawn_at IS NULL`,
      ),
    );
  }
  return statements;
}
