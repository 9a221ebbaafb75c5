import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { cashierCashReceipts, cashierPayments, issuedNfes } from "../../drizzle/schema";
import { NFE_STATUS } from "../domain/emission/states";
import type { Db } from "../env";
import { type NoteChange, noteChangeStatement } from "./emission";
import { type Statement, utcNow } from "./sql";

/**
 * NFC-e (model 65) data access: the cashier's TEF receipts of the orders' titles (the NFC-e's card
 * group), the change given on the cash received for them (its `vTroco`) and the writes of an offline note (tpEmis 9): going offline, made due now by `POST
 * /nfe/{idnfe}/transmit`, taken by one delivery for its transmission, and what the transmission ends
 * in. Every read and write is scoped by company.
 */

export type TefReceipt = { titleId: number; category: number; nsu: string; authorizationCode: string | null };

/** The TEF receipts (`/store-front/cashier/{id}/payment`) of the titles, by title. */
export async function tefReceiptsOfTitles(
  db: Db,
  companyId: number,
  titleIds: number[],
): Promise<TefReceipt[]> {
  if (titleIds.length === 0) return [];
  return db
    .select({
      titleId: cashierPayments.titleId,
      category: cashierPayments.category,
      nsu: cashierPayments.nsu,
      authorizationCode: cashierPayments.authorizationCode,
    })
    .from(cashierPayments)
    .where(
      and(
        eq(cashierPayments.companyId, companyId),
        sql`${cashierPayments.titleId} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(titleIds)])}))`,
      ),
    )
    .orderBy(asc(cashierPayments.id));
}

/** The change given back at the cashier on each title's cash (`/store-front/cashier/{id}/cash`), by title. */
export async function cashChangeOfTitles(
  db: Db,
  companyId: number,
  titleIds: number[],
): Promise<{ titleId: number; change: number }[]> {
  if (titleIds.length === 0) return [];
  return db
    .select({
      titleId: cashierCashReceipts.titleId,
      change: sql<number>`sum(${cashierCashReceipts.cashReceived} - ${cashierCashReceipts.value})`,
    })
    .from(cashierCashReceipts)
    .where(
      and(
        eq(cashierCashReceipts.companyId, companyId),
        sql`${cashierCashReceipts.titleId} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(titleIds)])}))`,
      ),
    )
    .groupBy(cashierCashReceipts.titleId);
}

/** What an offline note's row becomes: a note's change with its new status. */
export type OfflineChange = NoteChange & { status: string };

/**
 * Changes a note only while it is in `from` (Processing/Pending when it goes offline, Offline when its
 * transmission ends): a note another delivery already moved is left as it is.
 */
export function offlineChangeStatement(
  db: Db,
  companyId: number,
  noteId: number,
  from: string[],
  change: OfflineChange,
): Statement {
  return noteChangeStatement(db, companyId, noteId, change, from);
}

/**
 * `POST /nfe/{idnfe}/transmit`: the offline note due now (`retryAt` = `now`), compare-and-set: only
 * while it is `Offline` and not due yet. True when this call changed it (of two concurrent calls, one).
 */
export async function offlineDueNow(
  db: Db,
  companyId: number,
  noteId: number,
  now: string,
): Promise<boolean> {
  const rows = await db
    .update(issuedNfes)
    .set({ retryAt: now, updatedAt: utcNow })
    .where(
      and(
        eq(issuedNfes.id, noteId),
        eq(issuedNfes.companyId, companyId),
        eq(issuedNfes.status, NFE_STATUS.offline),
        sql`${issuedNfes.retryAt} > ${now}`,
      ),
    )
    .returning({ id: issuedNfes.id });
  return rows.length > 0;
}

/**
 * A delivery of the job takes due offline notes for their transmission, in one statement: the
 * `retryAt` of each moved to `next` only while it is `Offline` and due (`retryAt` at or before `now`),
 * so of two deliveries running at once (the job's own and one a `POST /nfe/{idnfe}/transmit` sent)
 * only one transmits each note. Answers the ids taken (the caller passes a chunk of 30: within
 * D1's 100 bound parameters).
 */
export async function claimOfflineNotes(
  db: Db,
  companyId: number,
  noteIds: number[],
  now: string,
  next: string,
): Promise<Set<number>> {
  if (noteIds.length === 0) return new Set();
  const rows = await db
    .update(issuedNfes)
    .set({ retryAt: next, updatedAt: utcNow })
    .where(
      and(
        inArray(issuedNfes.id, noteIds),
        eq(issuedNfes.companyId, companyId),
        eq(issuedNfes.status, NFE_STATUS.offline),
        sql`(${issuedNfes.retryAt} IS NULL OR ${issuedNfes.retryAt} <= ${now})`,
      ),
    )
    .returning({ id: issuedNfes.id });
  return new Set(rows.map((r) => r.id));
}
