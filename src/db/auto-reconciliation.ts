import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  bankLines,
  conciliationLinks,
  entries,
  jobs,
  reconciliationAudit,
  titles,
  transfers,
} from "../../drizzle/schema";
import type {
  PendingLine,
  ReconcilingWrite,
  RuleRecord,
} from "../domain/auto-reconciliation/decision-writes";
import type { OpenTitle, TransferLeg } from "../domain/rules/matching-types";
import type { Db } from "../env";
import { addDays } from "../lib/dates";
import { isConstraintError } from "../lib/errors";
import type { Cents } from "../lib/money";
import { resultCount } from "./bank-line-import";
import { inGroups } from "./jobs";
import { entryIdByUid, insertEntry, newUid, transferIdByUid } from "./ledger";
import { rawStatement } from "./raw-statement";
import { inIdList } from "./reconciliation";
import { settleTitle, TITLE_STATUS } from "./title-settlement";
import { newTransferUids, transferStatements } from "./transfers";

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

function pendingConditions(scope: PendingScope): SQL[] {
  const conditions = [
    eq(bankLines.companyId, scope.companyId),
    eq(bankLines.bankAccountId, scope.bankAccountId),
    eq(bankLines.statusId, 1),
  ];
  if (scope.importedByJob !== undefined) conditions.push(eq(bankLines.jobId, scope.importedByJob));
  if (scope.createdUpTo !== undefined) conditions.push(sql`${bankLines.createdAt} <= ${scope.createdUpTo}`);
  return conditions;
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
        inIdList(titles.openValue, query.values),
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
        eq(entries.companyId, companyId),
        eq(entries.bankAccountId, bankAccountId),
        isNotNull(entries.transferId),
        isNull(conciliationLinks.id),
        sql`${entries.date} >= ${query.from} AND ${entries.date} < ${addDays(query.to, 1)}`,
        inIdList(entries.value, query.values),
      ),
    );
  return rows.map((row) => ({ ...row, otherBankAccountId: Number(row.otherBankAccountId) }));
}

/** Who a run writes for: the company, and the job and user it is recorded under. */
export type RunScope = { companyId: number; jobId: number; userId: number | null };

/** Refuses the batch (open_value CHECK) when the title is no longer open: deleted or paid meanwhile. */
function guardOpenTitle(db: Db, companyId: number, titleId: number): BatchItem<"sqlite"> {
  return db
    .update(titles)
    .set({ openValue: -1 })
    .where(
      and(
        eq(titles.id, titleId),
        eq(titles.companyId, companyId),
        sql`${titles.status} NOT IN (${TITLE_STATUS.open}, ${TITLE_STATUS.partial})`,
      ),
    ) as BatchItem<"sqlite">;
}

/**
 * Refuses the batch (status CHECK) unless the leg still exists on the line's account. A leg linked
 * meanwhile is refused by the UNIQUE entry of the link itself.
 */
function guardLegExists(db: Db, w: ReconcilingWrite & { kind: "link-leg" }, companyId: number) {
  const exists = sql`EXISTS (SELECT 1 FROM ${entries} WHERE ${entries.id} = ${w.entryId}
    AND ${entries.companyId} = ${companyId} AND ${entries.bankAccountId} = ${w.bankAccountId}
    AND ${entries.transferId} IS NOT NULL)`;
  return db
    .update(bankLines)
    .set({ statusId: sql`CASE WHEN ${exists} THEN ${bankLines.statusId} ELSE 0 END` })
    .where(eq(bankLines.id, w.lineId)) as BatchItem<"sqlite">;
}

/**
 * The line becomes automatically reconciled with its rule. A line no longer pending (reconciled by
 * hand meanwhile) gets status 0, and a value above the line's breaks the reconciled_value CHECK:
 * either refuses the batch.
 */
function markLineReconciled(db: Db, companyId: number, w: ReconcilingWrite): BatchItem<"sqlite"> {
  return db
    .update(bankLines)
    .set({
      reconciledValue: sql`${bankLines.reconciledValue} + ${w.value}`,
      statusId: sql`CASE WHEN ${bankLines.statusId} = 1 THEN 2 ELSE 0 END`,
      ruleId: w.ruleId,
    })
    .where(and(eq(bankLines.id, w.lineId), eq(bankLines.companyId, companyId))) as BatchItem<"sqlite">;
}

function linkEntry(
  db: Db,
  scope: RunScope,
  w: ReconcilingWrite,
  entryId: number | SQL,
  postedByLink: 0 | 1,
): BatchItem<"sqlite"> {
  return db.insert(conciliationLinks).values({
    companyId: scope.companyId,
    entryId: typeof entryId === "number" ? entryId : sql`${entryId}`,
    bankLineId: w.lineId,
    postedByLink,
    ruleId: w.ruleId,
    createdBy: scope.userId,
  });
}

/** Audit row of an automatic reconciliation, its entry read back inside the batch. */
function autoAudit(
  db: Db,
  scope: RunScope,
  w: ReconcilingWrite,
  entryId: number | SQL,
  extra: SQL = sql`json_object()`,
): BatchItem<"sqlite"> {
  const entry = sql`(SELECT json_object('IDBankStatement', e.id, 'IDAccountPayableReceivable', e.title_id,
      'IDTypeAccount', e.type_account, 'Value', e.value, 'PostedByLink', l.posted_by_link,
      'IDBankStatementTransfer', e.transfer_id)
    FROM ${entries} e JOIN ${conciliationLinks} l ON l.entry_id = e.id WHERE e.id = ${entryId})`;
  return db.insert(reconciliationAudit).values({
    companyId: scope.companyId,
    userId: scope.userId,
    action: "auto",
    bankLineId: w.lineId,
    details: sql`json_patch(json_object(
      'IDJob', ${scope.jobId},
      'IDBankStatementConciliationRule', ${w.ruleId},
      'IDBankAccount', ${w.bankAccountId},
      'Total', ${w.value},
      'ReconciledValue', (SELECT reconciled_value FROM ${bankLines} WHERE id = ${w.lineId}),
      'IDTypeStatusConciliation', (SELECT status_id FROM ${bankLines} WHERE id = ${w.lineId}),
      'Entries', json_array(json(${entry}))), ${extra})`,
  });
}

/**
 * Keys of the legs posted in one run, by the line whose decision posted them: a later decision of
 * the same run links the other leg (`link-posted-leg`). When the posting failed, the key finds no
 * entry and the link's NOT NULL refuses that later decision too.
 */
export type PostedLegs = Map<number, string>;

/** The statements of one reconciling decision, in the order they must run. */
export function decisionStatements(
  db: Db,
  scope: RunScope,
  w: ReconcilingWrite,
  posted: PostedLegs,
): BatchItem<"sqlite">[] {
  if (w.kind === "settle-title") {
    const uid = newUid();
    const entryId = entryIdByUid(uid);
    return [
      guardOpenTitle(db, scope.companyId, w.titleId),
      insertEntry(
        db,
        {
          companyId: scope.companyId,
          bankAccountId: w.bankAccountId,
          typeAccount: w.typeAccount,
          value: w.value,
          date: `${w.date} 00:00:00`,
          description: w.texts.description,
          document: w.texts.document,
          titleId: w.titleId,
          origin: "rule",
          createdBy: scope.userId,
        },
        uid,
      ),
      settleTitle(db, scope.companyId, w.titleId, w.value),
      linkEntry(db, scope, w, entryId, 1),
      markLineReconciled(db, scope.companyId, w),
      autoAudit(db, scope, w, entryId),
    ];
  }
  if (w.kind === "link-leg") {
    return [
      guardLegExists(db, w, scope.companyId),
      linkEntry(db, scope, w, w.entryId, 0),
      markLineReconciled(db, scope.companyId, w),
      autoAudit(db, scope, w, w.entryId),
    ];
  }
  if (w.kind === "link-posted-leg") {
    const entryId = entryIdByUid(posted.get(w.postedForLineId) ?? newUid());
    return [
      linkEntry(db, scope, w, entryId, 0),
      markLineReconciled(db, scope.companyId, w),
      autoAudit(db, scope, w, entryId),
    ];
  }
  const uids = newTransferUids();
  const lineIsOrigin = w.from.bankAccountId === w.bankAccountId;
  const ownLeg = entryIdByUid(lineIsOrigin ? uids.debit : uids.credit);
  posted.set(w.lineId, lineIsOrigin ? uids.credit : uids.debit);
  // The transfer stands on its own: undoing the reconciliation unlinks it (postedByLink 0) and keeps
  // both legs, which DELETE .../transfer can then remove together.
  return [
    ...transferStatements(
      db,
      {
        companyId: scope.companyId,
        userId: scope.userId,
        from: w.from,
        to: w.to,
        value: w.value,
        description: w.description,
        date: `${w.date} 00:00:00`,
      },
      uids,
      "rule",
    ),
    linkEntry(db, scope, w, ownLeg, 0),
    markLineReconciled(db, scope.companyId, w),
    autoAudit(
      db,
      scope,
      w,
      ownLeg,
      sql`json_object('PostedTransfer', 1, 'IDBankStatementTransfer', ${transferIdByUid(uids.transfer)})`,
    ),
  ];
}

/** Rule records per statement (one JSON parameter each). */
const RECORDS_PER_STATEMENT = 2000;

/** Records (or clears) the rule of lines that stay pending; a line reconciled meanwhile is left alone. */
export function recordRules(db: Db, companyId: number, records: RuleRecord[]): BatchItem<"sqlite">[] {
  return inGroups(records, RECORDS_PER_STATEMENT).map((group) =>
    rawStatement(
      db,
      sql`UPDATE ${bankLines} SET rule_id = r.rule_id
      FROM (SELECT json_extract(value, '$[0]') AS line_id, json_extract(value, '$[1]') AS rule_id
            FROM json_each(${JSON.stringify(group.map((r) => [r.lineId, r.ruleId]))})) AS r
      WHERE ${bankLines}.id = r.line_id AND ${bankLines}.company_id = ${companyId} AND ${bankLines}.status_id = 1`,
    ),
  );
}

/**
 * Adds `autoReconciled` decisions to the job's count, in the batch that writes them: a decision is
 * written once, so it is counted once whatever the deliveries. With `remaining`, the job's
 * `processed` also moves to `total - remaining` (never backwards).
 */
export function countReconciled(
  db: Db,
  jobId: number,
  autoReconciled: number,
  remaining?: number,
): BatchItem<"sqlite"> {
  return db
    .update(jobs)
    .set({
      result: sql`json_set(coalesce(${jobs.result}, '{}'), '$.autoReconciled', ${resultCount("autoReconciled")} + ${autoReconciled})`,
      ...(remaining === undefined
        ? {}
        : { processed: sql`max(${jobs.processed}, ${jobs.total} - ${remaining})` }),
    })
    .where(eq(jobs.id, jobId)) as BatchItem<"sqlite">;
}

/** A decision and its statements. */
export type DecisionBatch = { write: ReconcilingWrite; statements: BatchItem<"sqlite">[] };

export type WrittenDecisions = { written: ReconcilingWrite[]; refused: ReconcilingWrite[] };

/**
 * Writes decisions in one batch, each batch closed by `closing(count)` (the job's count). When a
 * constraint refuses the batch (a concurrent request took a title, a line or a leg), it is split in
 * halves, in order, down to single decisions: every decision that can still be written is, the
 * refused ones change nothing. Other errors are real faults and are rethrown.
 */
export async function writeDecisions(
  db: Db,
  decisions: DecisionBatch[],
  closing: (count: number) => BatchItem<"sqlite">[],
): Promise<WrittenDecisions> {
  const outcome: WrittenDecisions = { written: [], refused: [] };
  const attempt = async (group: DecisionBatch[]): Promise<void> => {
    if (group.length === 0) return;
    const statements = [...group.flatMap((d) => d.statements), ...closing(group.length)];
    try {
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      outcome.written.push(...group.map((d) => d.write));
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      if (group.length === 1) {
        outcome.refused.push(group[0]!.write);
        return;
      }
      const half = Math.ceil(group.length / 2);
      await attempt(group.slice(0, half));
      await attempt(group.slice(half));
    }
  };
  await attempt(decisions);
  return outcome;
}

/** Runs statements that need no particular batch (rule records): in batches, if any. */
export async function runStatements(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
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
