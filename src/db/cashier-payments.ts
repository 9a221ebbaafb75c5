import { and, eq, isNull, sql } from "drizzle-orm";
import { cashierCashReceipts, cashierPayments, posCashiers } from "../../drizzle/schema";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { entryIdByUid, type NewEntry, newUid } from "./ledger";
import type { Statement } from "./sql";
import { paymentStatements } from "./titles";

export type CashierPaymentRow = typeof cashierPayments.$inferSelect;
export type CashierCashRow = typeof cashierCashReceipts.$inferSelect;
/** The payment entry of a receipt at the cashier, on the cashier's bank account, paying its title. */
export type CashierEntry = NewEntry & { titleId: number };

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

/** The columns every cashier receipt has: its account's open cashier at write time, the title, the payment entry. */
const receiptColumns = (entry: CashierEntry, uid: string) => ({
  companyId: entry.companyId,
  cashierId: openCashierAt(entry),
  bankAccountId: entry.bankAccountId,
  titleId: entry.titleId,
  entryId: entryIdByUid(uid),
  value: entry.value as Cents,
});

/**
 * The payment entry (`uid`), the title's new open value, the receipt `insert` (answering its row) and
 * `followUps`, in one batch. The receipt takes the account's open cashier at write time: a cashier
 * closed meanwhile leaves it null and the NOT NULL constraint refuses the whole batch.
 */
async function postReceipt<Row>(
  db: Db,
  entry: CashierEntry,
  uid: string,
  insert: Statement,
  followUps: Statement[],
): Promise<Row> {
  const payment = paymentStatements(db, entry, uid);
  const results = await db.batch([...payment, insert, ...followUps]);
  const [row] = results[payment.length] as Row[];
  if (!row) throw new Error("cashier receipt insert returned no row");
  return row;
}

/** A TEF receipt (credit, debit, Pix) with its payment, in one batch; a repeated NSU is refused by its UNIQUE index. */
export async function postCashierPayment(
  db: Db,
  entry: CashierEntry,
  receipt: CashierReceipt,
  followUps: Statement[],
): Promise<CashierPaymentRow> {
  const uid = newUid();
  const insert = db
    .insert(cashierPayments)
    .values({ ...receiptColumns(entry, uid), ...receipt })
    .returning();
  return postReceipt(db, entry, uid, insert, followUps);
}

/** The account's open cashier at write time (null when none: the NOT NULL constraint refuses the batch). */
const openCashierAt = (entry: NewEntry) =>
  sql`(SELECT ${posCashiers.id} FROM ${posCashiers} WHERE ${posCashiers.companyId} = ${entry.companyId} AND ${posCashiers.bankAccountId} = ${entry.bankAccountId} AND ${posCashiers.closedAt} IS NULL)`;

/** Cash at the cashier with its payment (`cashReceived`: what the buyer handed over), in one batch. */
export async function postCashierCash(
  db: Db,
  entry: CashierEntry,
  receipt: { cashReceived: Cents; createdBy: number },
  followUps: Statement[],
): Promise<CashierCashRow> {
  const uid = newUid();
  const insert = db
    .insert(cashierCashReceipts)
    .values({ ...receiptColumns(entry, uid), ...receipt })
    .returning();
  return postReceipt(db, entry, uid, insert, followUps);
}
