import { and, asc, eq, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  acquirerLines,
  bankLines,
  conciliationLinks,
  entries,
  reconciliationAudit,
  titles,
} from "../../drizzle/schema";
import { LINE_STATUS, LINE_STATUS_REFUSED } from "../domain/reconciliation/line-statuses";
import type { TitleFacts } from "../domain/reconciliation/plan";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { entryIdByUid, insertEntry, newUid } from "./ledger";
import { inList, type Statement } from "./sql";
import { settleTitle } from "./title-settlement";

/**
 * Data access of manual reconciliation and its undo. Each operation is one atomic batch; what a
 * concurrent request could break is refused by a constraint (the line's reconciled_value CHECK, the
 * titles' open_value CHECK, the UNIQUE entry_id of links) or by a guard statement that violates the
 * line's status CHECK when the state read before the batch changed meanwhile.
 */

export type LineTarget = { kind: "bank" | "acquirer"; id: number };

/** Titles of the company among `ids` that are not deleted. */
export async function titlesForReconciliation(
  db: Db,
  companyId: number,
  ids: number[],
): Promise<TitleFacts[]> {
  return db
    .select({
      id: titles.id,
      typeAccount: titles.typeAccount,
      value: titles.value,
      openValue: titles.openValue,
      description: titles.description,
      document: titles.document,
    })
    .from(titles)
    .where(
      and(eq(titles.companyId, companyId), ne(titles.status, TITLE_STATUS.deleted), inList(titles.id, ids)),
    );
}

/** Every entry settling one of the titles, with the line (bank or acquirer) it is linked to. */
export async function entriesOfTitles(db: Db, companyId: number, titleIds: number[]) {
  return db
    .select({
      id: entries.id,
      titleId: sql<number>`${entries.titleId}`,
      bankAccountId: entries.bankAccountId,
      date: entries.date,
      typeAccount: entries.typeAccount,
      value: entries.value,
      linkedBankLineId: conciliationLinks.bankLineId,
      linkedAcquirerLineId: conciliationLinks.acquirerLineId,
    })
    .from(entries)
    .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
    .where(and(eq(entries.companyId, companyId), inList(entries.titleId, titleIds)))
    .orderBy(asc(entries.date), asc(entries.id));
}

/** Posted transfer legs among `ids` on the account that are not linked to any reconciliation. */
export async function unreconciledTransferLegs(
  db: Db,
  companyId: number,
  bankAccountId: number,
  ids: number[],
) {
  return db
    .select({ id: entries.id, typeAccount: entries.typeAccount, value: entries.value })
    .from(entries)
    .leftJoin(conciliationLinks, eq(conciliationLinks.entryId, entries.id))
    .where(and(...unreconciledTransferLeg(companyId, bankAccountId), inList(entries.id, ids)));
}

/**
 * The entry is a transfer leg on the account that no reconciliation links yet: the conditions of a
 * query over `entries` left-joined to `conciliation_links` on the entry.
 */
export function unreconciledTransferLeg(companyId: number, bankAccountId: number): SQL[] {
  return [
    eq(entries.companyId, companyId),
    eq(entries.bankAccountId, bankAccountId),
    isNotNull(entries.transferId),
    isNull(conciliationLinks.id),
  ];
}

export type PostingWrite = {
  titleId: number;
  typeAccount: 0 | 1;
  value: Cents;
  description: string;
  document: string | null;
};

export type ReuseWrite = { entryId: number };

export type ReconciliationWrite = {
  companyId: number;
  userId: number;
  target: LineTarget;
  bankAccountId: number;
  /** `YYYY-MM-DD`: posted entries are dated the line's date. */
  date: string;
  postings: PostingWrite[];
  reuses: ReuseWrite[];
  /** Absolute cents added to the line's reconciled value. */
  total: Cents;
};

function lineTableOf(kind: LineTarget["kind"]) {
  return kind === "bank" ? bankLines : acquirerLines;
}

function linkColumnOf(kind: LineTarget["kind"]) {
  return kind === "bank" ? conciliationLinks.bankLineId : conciliationLinks.acquirerLineId;
}

/**
 * A statement that leaves the line unchanged when `stillTrue` holds and otherwise sets a status
 * outside 1..4, so the CHECK fails and the whole batch is rolled back.
 */
function guardLine(db: Db, target: LineTarget, stillTrue: SQL): BatchItem<"sqlite"> {
  const table = lineTableOf(target.kind);
  return db
    .update(table)
    .set({ statusId: sql`CASE WHEN ${stillTrue} THEN ${table.statusId} ELSE ${LINE_STATUS_REFUSED} END` })
    .where(eq(table.id, target.id)) as BatchItem<"sqlite">;
}

/**
 * Posts and links the entries, settles the titles of posted entries, moves the line's reconciled
 * value and status, and writes the audit row: one batch. Throws the database error when a
 * constraint refuses it (a concurrent request got there first).
 */
export async function writeReconciliation(
  db: Db,
  w: ReconciliationWrite,
  followUps: Statement[] = [],
): Promise<void> {
  const table = lineTableOf(w.target.kind);
  const statements: BatchItem<"sqlite">[] = [];
  const reusedIds = w.reuses.map((r) => r.entryId);
  if (reusedIds.length > 0) {
    // A reused entry deleted since it was read must not leave a link to nothing.
    const count = sql`(SELECT count(*) FROM ${entries} WHERE ${eq(entries.companyId, w.companyId)} AND ${inList(entries.id, reusedIds)})`;
    statements.push(guardLine(db, w.target, sql`${count} = ${reusedIds.length}`));
  }
  const postedUids: string[] = [];
  for (const posting of w.postings) {
    const uid = newUid();
    postedUids.push(uid);
    statements.push(
      insertEntry(
        db,
        {
          companyId: w.companyId,
          bankAccountId: w.bankAccountId,
          typeAccount: posting.typeAccount,
          value: posting.value,
          date: `${w.date} 00:00:00`,
          description: posting.description,
          document: posting.document,
          titleId: posting.titleId,
          origin: "reconciliation",
          createdBy: w.userId,
        },
        uid,
      ),
      settleTitle(db, w.companyId, posting.titleId, posting.value),
    );
  }
  const lineColumns =
    w.target.kind === "bank" ? { bankLineId: w.target.id } : { acquirerLineId: w.target.id };
  for (const uid of postedUids) {
    statements.push(
      db.insert(conciliationLinks).values({
        companyId: w.companyId,
        entryId: sql`${entryIdByUid(uid)}`,
        ...lineColumns,
        postedByLink: 1,
        createdBy: w.userId,
      }),
    );
  }
  for (const entryId of reusedIds) {
    statements.push(
      db.insert(conciliationLinks).values({
        companyId: w.companyId,
        entryId,
        ...lineColumns,
        postedByLink: 0,
        createdBy: w.userId,
      }),
    );
  }
  const reconciled = sql`${table.reconciledValue} + ${w.total}`;
  statements.push(
    db
      .update(table)
      .set({ reconciledValue: reconciled, statusId: reconciledLineStatus(w.target.kind, reconciled) })
      .where(and(eq(table.id, w.target.id), eq(table.companyId, w.companyId))) as BatchItem<"sqlite">,
  );
  statements.push(reconcileAudit(db, w, postedUids), ...followUps);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * The status a manual reconciliation leaves (SPEC "Reconciliation status"), from the line's reconciled
 * value after it (`reconciled`, computed in the same statement): a bank line is manually reconciled
 * (3) once the whole of its value is, partially reconciled (4) otherwise; an acquirer line is 3.
 */
function reconciledLineStatus(kind: LineTarget["kind"], reconciled: SQL): SQL {
  return kind === "bank"
    ? sql`CASE WHEN ${reconciled} = abs(${bankLines.value}) THEN ${LINE_STATUS.manuallyReconciled} ELSE ${LINE_STATUS.partiallyReconciled} END`
    : sql`${LINE_STATUS.manuallyReconciled}`;
}

/** Audit row whose details are read back inside the batch, so posted entries appear with their ids. */
function reconcileAudit(db: Db, w: ReconciliationWrite, postedUids: string[]): BatchItem<"sqlite"> {
  const table = lineTableOf(w.target.kind);
  const reusedIds = JSON.stringify(w.reuses.map((r) => r.entryId));
  const linkedEntries = sql`SELECT json_group_array(json_object(
      'IDBankStatement', e.id, 'IDAccountPayableReceivable', e.title_id, 'IDTypeAccount', e.type_account,
      'Value', e.value, 'PostedByLink', l.posted_by_link))
    FROM conciliation_links l JOIN bank_statements e ON e.id = l.entry_id
    WHERE l.entry_id IN (
      SELECT id FROM bank_statements WHERE ${inList(sql`uid`, postedUids)}
      UNION SELECT value FROM json_each(${reusedIds}))`;
  const details = sql`json_object(
    'IDBankAccount', ${w.bankAccountId},
    'Total', ${w.total},
    'ReconciledValue', (SELECT reconciled_value FROM ${table} WHERE id = ${w.target.id}),
    'IDTypeStatusConciliation', (SELECT status_id FROM ${table} WHERE id = ${w.target.id}),
    'Entries', json((${linkedEntries})))`;
  return db.insert(reconciliationAudit).values({
    companyId: w.companyId,
    userId: w.userId,
    action: "reconcile",
    bankLineId: w.target.kind === "bank" ? w.target.id : null,
    acquirerLineId: w.target.kind === "acquirer" ? w.target.id : null,
    details: sql`${details}`,
  });
}

export type LinkOfLine = {
  entryId: number;
  postedByLink: number;
  titleId: number | null;
  typeAccount: number;
  value: Cents;
  date: string;
};

/** Links of one line with the facts of their entries. */
export async function linksOfLine(db: Db, companyId: number, target: LineTarget): Promise<LinkOfLine[]> {
  return db
    .select({
      entryId: conciliationLinks.entryId,
      postedByLink: conciliationLinks.postedByLink,
      titleId: entries.titleId,
      typeAccount: entries.typeAccount,
      value: entries.value,
      date: entries.date,
    })
    .from(conciliationLinks)
    .innerJoin(entries, eq(entries.id, conciliationLinks.entryId))
    .where(and(eq(conciliationLinks.companyId, companyId), eq(linkColumnOf(target.kind), target.id)))
    .orderBy(asc(conciliationLinks.id));
}

export type UndoWrite = {
  companyId: number;
  userId: number;
  target: LineTarget;
  /** State read before the batch: the undo is refused if another request changed it. */
  readReconciledValue: Cents;
  readStatusId: number;
  links: LinkOfLine[];
};

/**
 * Unlinks every entry of the line, deletes the entries the reconciliation posted, restores the open
 * value of their titles, resets the line to pending and audits it: one batch. A guard first checks
 * that the line still carries what was read (value and number of links).
 */
export async function writeUndo(db: Db, u: UndoWrite, followUps: Statement[] = []): Promise<void> {
  const table = lineTableOf(u.target.kind);
  const linkColumn = linkColumnOf(u.target.kind);
  // Counted as linksOfLine reads them (links whose entry exists); a dangling link is simply removed.
  const linkCount = sql`(SELECT count(*) FROM ${conciliationLinks} INNER JOIN ${entries} ON ${eq(entries.id, conciliationLinks.entryId)} WHERE ${eq(linkColumn, u.target.id)})`;
  const posted = u.links.filter((l) => l.postedByLink === 1);
  const statements: BatchItem<"sqlite">[] = [
    guardLine(
      db,
      u.target,
      sql`${table.reconciledValue} = ${u.readReconciledValue} AND ${linkCount} = ${u.links.length}`,
    ),
  ];
  for (const link of posted) {
    if (link.titleId === null) continue;
    statements.push(
      settleTitle(db, u.companyId, link.titleId, -link.value, ne(titles.status, TITLE_STATUS.deleted)),
    );
  }
  statements.push(
    db
      .delete(conciliationLinks)
      .where(and(eq(conciliationLinks.companyId, u.companyId), eq(linkColumn, u.target.id))),
  );
  if (posted.length > 0) {
    statements.push(
      db.delete(entries).where(
        and(
          eq(entries.companyId, u.companyId),
          inList(
            entries.id,
            posted.map((l) => l.entryId),
          ),
        ),
      ),
    );
  }
  statements.push(
    db
      .update(table)
      .set({ reconciledValue: 0, statusId: LINE_STATUS.pending })
      .where(and(eq(table.id, u.target.id), eq(table.companyId, u.companyId))) as BatchItem<"sqlite">,
  );
  statements.push(
    db.insert(reconciliationAudit).values({
      companyId: u.companyId,
      userId: u.userId,
      action: "undo",
      bankLineId: u.target.kind === "bank" ? u.target.id : null,
      acquirerLineId: u.target.kind === "acquirer" ? u.target.id : null,
      details: JSON.stringify({
        PreviousReconciledValue: u.readReconciledValue,
        PreviousIDTypeStatusConciliation: u.readStatusId,
        Entries: u.links.map((l) => ({
          IDBankStatement: l.entryId,
          IDAccountPayableReceivable: l.titleId,
          IDTypeAccount: l.typeAccount,
          Value: l.value,
          PostedByLink: l.postedByLink,
          Deleted: l.postedByLink === 1 ? 1 : 0,
        })),
      }),
    }),
    ...followUps,
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
