import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  bankAccounts,
  bankLines,
  conciliationLinks,
  entries,
  reconciliationAudit,
  transfers,
} from "../../drizzle/schema";
import { LINE_STATUS, LINE_STATUS_REFUSED } from "../domain/reconciliation/line-statuses";
import type { Db } from "../env";
import { isConstraintError } from "../lib/errors";
import type { Cents } from "../lib/money";
import {
  type EntryOrigin,
  type EntryRow,
  entryIdByUid,
  insertEntry,
  newUid,
  transferIdByUid,
} from "./ledger";
import { inList } from "./sql";

export type TransferRow = typeof transfers.$inferSelect;
export type TransferAccount = { id: number; bank: string; accountNumber: string | null; status: number };

/** Bank accounts of the company among `ids`, whatever their status. */
export async function bankAccountsOfCompany(
  db: Db,
  companyId: number,
  ids: number[],
): Promise<TransferAccount[]> {
  return db
    .select({
      id: bankAccounts.id,
      bank: bankAccounts.bank,
      accountNumber: bankAccounts.accountNumber,
      status: bankAccounts.status,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), inList(bankAccounts.id, ids)));
}

/**
 * A statement that always fails with its own message. Replaying a prefix of a failed batch
 * followed by it rolls everything back and tells whether the prefix alone fails.
 */
const SENTINEL = sql`SELECT abs(-9223372036854775808)`;
const SENTINEL_MESSAGE = /integer overflow/i;

/**
 * Index of the first statement of a failed batch that fails again, found by replaying ever longer
 * prefixes each closed by the sentinel (so nothing is ever committed); null when none fails now.
 */
export async function firstFailingStatement(
  db: Db,
  statements: BatchItem<"sqlite">[],
): Promise<number | null> {
  for (let end = 1; end <= statements.length; end++) {
    try {
      const replay: BatchItem<"sqlite">[] = [...statements.slice(0, end), db.run(SENTINEL)];
      await db.batch(replay as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    } catch (error) {
      const message =
        error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
      if (!SENTINEL_MESSAGE.test(message)) return end - 1;
    }
  }
  return null;
}

/**
 * Runs a batch; when a constraint refuses it, answers the index of the statement that failed
 * (null when it can no longer be told). Other errors are real faults and are rethrown.
 */
async function batchOrFailingIndex(
  db: Db,
  statements: BatchItem<"sqlite">[],
): Promise<{ ok: true; results: unknown[] } | { ok: false; failedAt: number | null }> {
  try {
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return { ok: true, results: results as unknown[] };
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    return { ok: false, failedAt: await firstFailingStatement(db, statements) };
  }
}

export type TransferLeg = {
  bankAccountId: number;
  description: string;
};

export type NewTransfer = {
  companyId: number;
  /** Who posts it; null for a job without a user. */
  userId: number | null;
  from: TransferLeg;
  to: TransferLeg;
  value: Cents;
  /** Text of the transfer reference (without the account labels). */
  description: string;
  /** `YYYY-MM-DD HH:MM:SS` */
  date: string;
};

export type TransferStage = "reference" | "debit" | "credit";

export type PostedTransfer = { transfer: TransferRow; debit: EntryRow; credit: EntryRow };

/** Client-side keys of a transfer's rows, so later statements of the same batch can reference them. */
export type TransferUids = { transfer: string; debit: string; credit: string };

export const newTransferUids = (): TransferUids => ({
  transfer: newUid(),
  debit: newUid(),
  credit: newUid(),
});

/**
 * Statements of a transfer: the reference, the outflow on the origin (`uids.debit`) and the inflow on
 * the destination (`uids.credit`), in this order. `origin` tells who posted the legs.
 */
export function transferStatements(
  db: Db,
  t: NewTransfer,
  uids: TransferUids,
  origin: EntryOrigin = "transfer",
): BatchItem<"sqlite">[] {
  const leg = (side: TransferLeg, typeAccount: 0 | 1) => ({
    companyId: t.companyId,
    bankAccountId: side.bankAccountId,
    typeAccount,
    value: t.value,
    date: t.date,
    description: side.description,
    transferId: transferIdByUid(uids.transfer),
    origin,
    createdBy: t.userId,
  });
  return [
    db.insert(transfers).values({
      companyId: t.companyId,
      uid: uids.transfer,
      fromBankAccountId: t.from.bankAccountId,
      toBankAccountId: t.to.bankAccountId,
      value: t.value,
      description: t.description,
      createdBy: t.userId,
    }),
    insertEntry(db, leg(t.from, 1), uids.debit),
    insertEntry(db, leg(t.to, 0), uids.credit),
  ];
}

/**
 * The transfer reference and its two legs (outflow on the origin, inflow on the destination) in
 * one batch. On a refused batch answers the stage that failed.
 */
export async function writeTransfer(
  db: Db,
  t: NewTransfer,
  followUps: (uids: TransferUids) => BatchItem<"sqlite">[] = () => [],
): Promise<{ ok: true; posted: PostedTransfer } | { ok: false; stage: TransferStage | null }> {
  const uids = newTransferUids();
  const outcome = await batchOrFailingIndex(db, [...transferStatements(db, t, uids), ...followUps(uids)]);
  if (!outcome.ok) {
    const stages: TransferStage[] = ["reference", "debit", "credit"];
    return { ok: false, stage: outcome.failedAt === null ? null : (stages[outcome.failedAt] ?? null) };
  }
  const [transfer, debit, credit] = await Promise.all([
    db.select().from(transfers).where(eq(transfers.uid, uids.transfer)).get(),
    db.select().from(entries).where(eq(entries.uid, uids.debit)).get(),
    db.select().from(entries).where(eq(entries.uid, uids.credit)).get(),
  ]);
  return { ok: true, posted: { transfer: transfer!, debit: debit!, credit: credit! } };
}

/** An entry of the company. */
export async function findEntry(db: Db, companyId: number, entryId: number): Promise<EntryRow | undefined> {
  return db
    .select()
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.companyId, companyId)))
    .get();
}

/**
 * The transfer reference and every leg pointing to it, read without the company scope on purpose:
 * the caller checks that all of them are of its company before touching anything.
 */
export async function transferWithLegs(
  db: Db,
  transferId: number,
): Promise<{ transfer: TransferRow | undefined; legs: (EntryRow & { linked: boolean })[] }> {
  const [transfer, legs] = await Promise.all([
    db.select().from(transfers).where(eq(transfers.id, transferId)).get(),
    db
      .select({ entry: entries, linkId: conciliationLinks.id })
      .from(entries)
      .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
      .where(eq(entries.transferId, transferId))
      .orderBy(desc(entries.typeAccount)),
  ]);
  return { transfer, legs: legs.map((l) => ({ ...l.entry, linked: l.linkId !== null })) };
}

export type DeleteStage = "reconciled" | "entries" | "reference";

/**
 * Deletes both legs and the reference in one batch. A guard first makes the batch fail (transfer
 * value CHECK) when a leg got reconciled since it was read. `followUps` run right after the
 * reference's deletion. Answers the number of legs deleted, or the stage that failed.
 */
export async function writeTransferDeletion(
  db: Db,
  companyId: number,
  transferId: number,
  legIds: number[],
  followUps: BatchItem<"sqlite">[] = [],
): Promise<{ ok: true; deletedLegs: number } | { ok: false; stage: DeleteStage | null }> {
  const linked = sql`EXISTS (SELECT 1 FROM ${conciliationLinks} WHERE ${inList(conciliationLinks.entryId, legIds)})`;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(transfers)
      .set({ value: sql`CASE WHEN ${linked} THEN 0 ELSE ${transfers.value} END` })
      .where(eq(transfers.id, transferId)) as BatchItem<"sqlite">,
    db.delete(entries).where(and(eq(entries.companyId, companyId), eq(entries.transferId, transferId))),
    db.delete(transfers).where(and(eq(transfers.id, transferId), eq(transfers.companyId, companyId))),
    ...followUps,
  ];
  const outcome = await batchOrFailingIndex(db, statements);
  if (!outcome.ok) {
    const stages: DeleteStage[] = ["reconciled", "entries", "reference"];
    return { ok: false, stage: outcome.failedAt === null ? null : (stages[outcome.failedAt] ?? null) };
  }
  const deleted = outcome.results[1] as { meta?: { changes?: number } };
  return { ok: true, deletedLegs: Number(deleted?.meta?.changes ?? 0) };
}

/** A pending bank line as the transfer proposals read it (`domain/transfers/proposals.ts`). */
export type PendingLineFacts = {
  id: number;
  bankAccountId: number;
  date: string;
  value: Cents;
  description: string;
};

/**
 * Bank lines of the company's active accounts dated `from` to `to` (inclusive) that nothing is
 * reconciled to yet (status pending, reconciled value 0), at most `limit`, by date.
 */
export async function pendingLinesBetween(
  db: Db,
  companyId: number,
  range: { from: string; to: string },
  limit: number,
): Promise<PendingLineFacts[]> {
  return db
    .select({
      id: bankLines.id,
      bankAccountId: bankLines.bankAccountId,
      date: bankLines.date,
      value: bankLines.value,
      description: bankLines.description,
    })
    .from(bankLines)
    .innerJoin(
      bankAccounts,
      and(
        eq(bankAccounts.id, bankLines.bankAccountId),
        eq(bankAccounts.companyId, companyId),
        eq(bankAccounts.status, 1),
      ),
    )
    .where(
      and(
        eq(bankLines.companyId, companyId),
        eq(bankLines.statusId, LINE_STATUS.pending),
        eq(bankLines.reconciledValue, 0),
        // a line the bank still reports pending, or withdrew, forms no transfer
        eq(bankLines.pending, 0),
        sql`${bankLines.withdrawnAt} IS NULL`,
        sql`${bankLines.date} BETWEEN ${range.from} AND ${range.to}`,
      ),
    )
    .orderBy(bankLines.date, bankLines.id)
    .limit(limit);
}

/** The two lines a transfer proposal reconciles: the debit with the outflow leg, the credit with the inflow. */
export type ProposalLines = { debitLineId: number; creditLineId: number };

/**
 * An accepted transfer proposal in ONE batch: the transfer and its legs (`transferStatements`), each
 * line wholly reconciled with its leg (status 3, the link not owning the leg: undoing the
 * reconciliation unlinks it and the transfer stays), an audit row per line, then `followUps`. A
 * line no longer pending (reconciled meanwhile by another request) makes its status CHECK fail and
 * nothing is written: answers null. Other errors are rethrown.
 */
export async function writeTransferProposal(
  db: Db,
  t: NewTransfer,
  lines: ProposalLines,
  followUps: (uids: TransferUids) => BatchItem<"sqlite">[],
): Promise<PostedTransfer | null> {
  const uids = newTransferUids();
  const reconcile = (lineId: number, legUid: string): BatchItem<"sqlite">[] => [
    db
      .update(bankLines)
      .set({
        reconciledValue: sql`abs(${bankLines.value})`,
        statusId: sql`CASE WHEN ${bankLines.statusId} = ${LINE_STATUS.pending} AND ${bankLines.reconciledValue} = 0
          THEN ${LINE_STATUS.manuallyReconciled} ELSE ${LINE_STATUS_REFUSED} END`,
      })
      .where(and(eq(bankLines.id, lineId), eq(bankLines.companyId, t.companyId))) as BatchItem<"sqlite">,
    db.insert(conciliationLinks).values({
      companyId: t.companyId,
      entryId: sql`${entryIdByUid(legUid)}`,
      bankLineId: lineId,
      postedByLink: 0,
      createdBy: t.userId,
    }),
    db.insert(reconciliationAudit).values({
      companyId: t.companyId,
      userId: t.userId,
      action: "reconcile",
      bankLineId: lineId,
      details: sql`json_object('IDBankAccount', (SELECT bank_account_id FROM ${bankLines} WHERE id = ${lineId}),
        'Total', ${t.value}, 'TransferProposal', 1,
        'ReconciledValue', (SELECT reconciled_value FROM ${bankLines} WHERE id = ${lineId}),
        'IDTypeStatusConciliation', (SELECT status_id FROM ${bankLines} WHERE id = ${lineId}),
        'Entries', json_array(json_object('IDBankStatement', ${entryIdByUid(legUid)},
          'IDBankStatementTransfer', ${transferIdByUid(uids.transfer)}, 'Value', ${t.value}, 'PostedByLink', 0)))`,
    }),
  ];
  // Both lines must have been found (a line deleted meanwhile updates nothing): else the transfer's CHECK fails.
  const bothReconciled = db
    .update(transfers)
    .set({
      value: sql`CASE WHEN (SELECT count(*) FROM ${bankLines} WHERE ${inList(bankLines.id, [lines.debitLineId, lines.creditLineId])}
        AND company_id = ${t.companyId} AND status_id = ${LINE_STATUS.manuallyReconciled}) = 2 THEN ${transfers.value} ELSE 0 END`,
    })
    .where(eq(transfers.uid, uids.transfer)) as BatchItem<"sqlite">;
  const statements = [
    ...transferStatements(db, t, uids),
    ...reconcile(lines.debitLineId, uids.debit),
    ...reconcile(lines.creditLineId, uids.credit),
    bothReconciled,
    ...followUps(uids),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (isConstraintError(error)) return null;
    throw error;
  }
  const [transfer, debit, credit] = await Promise.all([
    db.select().from(transfers).where(eq(transfers.uid, uids.transfer)).get(),
    db.select().from(entries).where(eq(entries.uid, uids.debit)).get(),
    db.select().from(entries).where(eq(entries.uid, uids.credit)).get(),
  ]);
  return { transfer: transfer!, debit: debit!, credit: credit! };
}
