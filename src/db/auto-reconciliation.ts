import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { bankLines, conciliationLinks, entries, jobs, titles, transfers } from "../../drizzle/schema";
import type { PendingLine } from "../domain/auto-reconciliation/decision-writes";
import { LINE_STATUS } from "../domain/reconciliation/line-statuses";
import type { OpenTitle, TransferLeg } from "../domain/rules/matching-types";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import { addDays } from "../lib/dates";
import type { Cents } from "../lib/money";
import { unreconciledTransferLeg } from "./reconciliation";
import { eqIf, inList } from "./sql";

/**
 * Data access of the automatic reconciliation: the pending lines a run works on, the candidates the
 * matcher chooses from (few set-based queries), and the statements of each decision. Every decision
 * is written whole or not at all; what a concurrent request could take meanwhile (the title, the
 * line, the transfer leg) is guarded by a constraint, so a conflicting decision fails instead of
 * writing twice.
 */

/** Which pending lines of one bank account a run takes. */
export type PendingScope = {
  companyId: number;
  bankAccountId: number;
  /** Only the lines this import job stored. */
  importedByJob?: number;
  /** Only lines created up to this UTC `YYYY-MM-DD HH:MM:SS` (those that existed when a job was asked for). */
  createdUpTo?: string;
};

function pendingConditions(scope: PendingScope): (SQL | undefined)[] {
  return [
    eq(bankLines.companyId, scope.companyId),
    eq(bankLines.bankAccountId, scope.bankAccountId),
    eq(bankLines.statusId, LINE_STATUS.pending),
    // a line the bank still reports as pending, or one it withdrew, is never reconciled by a rule
    eq(bankLines.pending, 0),
    isNull(bankLines.withdrawnAt),
    eqIf(bankLines.jobId, scope.importedByJob),
    scope.createdUpTo !== undefined ? sql`${bankLines.createdAt} <= ${scope.createdUpTo}` : undefined,
  ];
}

/** Pending lines of the scope, by date then id. */
export async function pendingLines(db: Db, scope: PendingScope): Promise<PendingLine[]> {
  return db
    .select({
      id: bankLines.id,
      bankAccountId: bankLines.bankAccountId,
      date: bankLines.date,
      value: bankLines.value,
      description: bankLines.description,
      txId: bankLines.txId,
      payerDocument: bankLines.payerDocument,
      ruleId: bankLines.ruleId,
    })
    .from(bankLines)
    .where(and(...pendingConditions(scope)))
    .orderBy(asc(bankLines.date), asc(bankLines.id));
}

export async function countPendingLines(db: Db, scope: PendingScope): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(bankLines)
    .where(and(...pendingConditions(scope)))
    .get();
  return Number(row?.n ?? 0);
}

/** An open title the matcher may pick, with the texts its entry would carry. */
export type CandidateTitle = OpenTitle & { description: string; document: string | null };

export type CandidateQuery = {
  /** Inclusive `YYYY-MM-DD` bounds (due dates; transfer leg days). */
  from: string;
  to: string;
  /** Positive cents the candidates may have. */
  values: Cents[];
};

/** Open or partially paid titles of the directions, due in the range, whose open value is one of `values`. */
export async function openTitlesFor(
  db: Db,
  companyId: number,
  directions: number[],
  query: CandidateQuery,
): Promise<CandidateTitle[]> {
  if (directions.length === 0 || query.values.length === 0) return [];
  return db
    .select({
      id: titles.id,
      typeAccount: titles.typeAccount,
      openValue: titles.openValue,
      dueDate: titles.dueDate,
      accountTypeId: titles.accountTypeId,
      documentTypeId: titles.documentTypeId,
      paymentTypeId: titles.paymentTypeId,
      supplierId: titles.supplierId,
      consumerId: titles.consumerId,
      description: titles.description,
      document: titles.document,
    })
    .from(titles)
    .where(
      and(
        eq(titles.companyId, companyId),
        inArray(titles.typeAccount, directions),
        inArray(titles.status, [TITLE_STATUS.open, TITLE_STATUS.partial]),
        sql`${titles.dueDate} BETWEEN ${query.from} AND ${query.to}`,
        inList(titles.openValue, query.values),
      ),
    );
}

/** Transfer legs on the account, in the day range, of one of `values`, linked to no line. */
export async function unreconciledLegsFor(
  db: Db,
  companyId: number,
  bankAccountId: number,
  query: CandidateQuery,
): Promise<TransferLeg[]> {
  if (query.values.length === 0) return [];
  const rows = await db
    .select({
      entryId: entries.id,
      bankAccountId: entries.bankAccountId,
      typeAccount: entries.typeAccount,
      value: entries.value,
      date: entries.date,
      otherBankAccountId: sql<number>`CASE WHEN ${transfers.fromBankAccountId} = ${entries.bankAccountId}
        THEN ${transfers.toBankAccountId} ELSE ${transfers.fromBankAccountId} END`,
    })
    .from(entries)
    .innerJoin(transfers, eq(transfers.id, entries.transferId))
    .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
    .where(
      and(
        ...unreconciledTransferLeg(companyId, bankAccountId),
        sql`${entries.date} >= ${query.from} AND ${entries.date} < ${addDays(query.to, 1)}`,
        inList(entries.value, query.values),
      ),
    );
  return rows.map((row) => ({ ...row, otherBankAccountId: Number(row.otherBankAccountId) }));
}

/** The counts kept in a job's result JSON. */
export async function jobCounts(db: Db, jobId: number): Promise<Record<string, number>> {
  const row = await db.select({ result: jobs.result }).from(jobs).where(eq(jobs.id, jobId)).get();
  try {
    const counts = JSON.parse(row?.result ?? "{}");
    return counts && typeof counts === "object" ? counts : {};
  } catch {
    return {};
  }
}

/** Total and first counts of a job, written once: a later delivery keeps what the first one counted. */
export async function startJobCounts(db: Db, jobId: number, total: number, counts: object): Promise<void> {
  await db
    .update(jobs)
    .set({ total, result: JSON.stringify(counts) })
    .where(and(eq(jobs.id, jobId), isNull(jobs.result)));
}

/** The job's work is all done: `processed` reaches `total`. */
export async function completeJobProgress(db: Db, jobId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ processed: sql`max(${jobs.processed}, ${jobs.total})` })
    .where(eq(jobs.id, jobId));
}
