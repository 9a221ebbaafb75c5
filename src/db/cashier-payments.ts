import { and, eq, isNull, sql } from "drizzle-orm";
import { cashierCashReceipts, cashierPayments, posCashiers } from "../../drizzle/schema";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { entryIdByUid, type NewEntry, newUid } from "./ledger";
import type { Statement } from "./sql";
import { paymentStatements } from "./titles";

export type CashierPaymentRow = typeof cashierPayments.$inferSelect;
export type CashierCashRow = typeof cashierCashReceipts.$inferSelect;

export type CashierReceipt = {
  category: number;
  nsu: string;
  authorizationCode: string | null;
  createdBy: number;
};

/** The open cashier of a bank account, if any. */
export function openCashierOf(db: Db, companyId: number, bankAccountId: number) {
  return db
    .select({ id: posCashiers.id })
    .from(posCashiers)
    .where(
      and(
        eq(posCashiers.companyId, companyId),
        eq(posCashiers.bankAccountId, bankAccountId),
        isNull(posCashiers.closedAt),
      ),
    )
    .get();
}

export function findByNsu(db: Db, companyId: number, bankAccountId: number, nsu: string) {
  return db
    .select()
    .from(cashierPayments)
    .where(
      and(
        eq(cashierPayments.companyId, companyId),
        eq(cashierPayments.bankAccountId, bankAccountId),
        eq(cashierPayments.nsu, nsu),
      ),
    )
    .get();
}

/**
 * The payment entry, the title's new open value and the cashier receipt, in one batch. The receipt
 * takes the account's open cashier at write time: a cashier closed meanwhile leaves it null and the
 * NOT NULL constraint refuses the whole batch, as the NSU's UNIQUE index refuses a repeated request.
 */
export async function postCashierPayment(
  db: Db,
  entry: NewEntry & { titleId: number },
  receipt: CashierReceipt,
  followUps: Statement[],
): Promise<CashierPaymentRow> {
  const uid = newUid();
  const [, , , [row]] = await db.batch([
    ...paymentStatements(db, entry, uid),
    db
      .insert(cashierPayments)
      .values({
        companyId: entry.companyId,
        cashierId: openCashierAt(entry),
        bankAccountId: entry.bankAccountId,
        titleId: entry.titleId,
        entryId: entryIdByUid(uid),
        value: entry.value as Cents,
        ...receipt,
      })
      .returning(),
    ...followUps,
  ]);
  if (!row) throw new Error("cashier payment insert returned no row");
  return row;
}

/** The account's open cashier at write time (null when none: the NOT NULL constraint refuses the batch). */
const openCashierAt = (entry: NewEntry) =>
  sql`(SELECT ${posCashiers.id} FROM ${posCashiers} WHERE ${posCashiers.companyId} = ${entry.companyId} AND ${posCashiers.bankAccountId} = ${entry.bankAccountId} AND ${posCashiers.closedAt} IS NULL)`;

/**
 * Cash at the cashier: the payment entry, the title's new open value and the cash received (what the
 * buyer handed over), in one batch; a cashier closed meanwhile refuses the whole batch.
 */
export async function postCashierCash(
  db: Db,
  entry: NewEntry & { titleId: number },
  receipt: { cashReceived: Cents; createdBy: number },
  followUps: Statement[],
): Promise<CashierCashRow> {
  const uid = newUid();
  const [, , , [row]] = await db.batch([
    ...paymentStatements(db, entry, uid),
    db
      .insert(cashierCashReceipts)
      .values({
        companyId: entry.companyId,
        cashierId: openCashierAt(entry),
        bankAccountId: entry.bankAccountId,
        titleId: entry.titleId,
        entryId: entryIdByUid(uid),
        value: entry.value as Cents,
        ...receipt,
      })
      .returning(),
    ...followUps,
  ]);
  if (!row) throw new Error("cashier cash insert returned no row");
  return row;
}
