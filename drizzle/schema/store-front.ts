import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id } from "./columns";

/**
 * Card and Pix receipts taken at an open store-front cashier (TEF): each posted one payment entry on
 * the cashier's bank account against a receivable title. `nsu` is the TEF transaction number: a
 * terminal that repeats a request cannot receive twice.
 */
export const cashierPayments = sqliteTable(
  "cashier_payments",
  {
    id: id(),
    companyId: companyId(),
    /** Open cashier of the account at the time of the payment (null makes the batch fail: cashier closed). */
    cashierId: integer().notNull(),
    bankAccountId: integer().notNull(),
    titleId: integer().notNull(),
    /** The payment entry (`IDBankStatement`) posted in the same batch. */
    entryId: integer().notNull(),
    /** 22 credit card, 23 debit card, 24 Pix. */
    category: integer().notNull(),
    nsu: text().notNull(),
    authorizationCode: text(),
    value: integer().notNull(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cashier_payments_nsu").on(t.companyId, t.bankAccountId, t.nsu),
    index("cashier_payments_cashier").on(t.cashierId),
    index("cashier_payments_title").on(t.titleId),
    check("cashier_payments_category", sql`${t.category} IN (22, 23, 24)`),
    check("cashier_payments_value_positive", sql`${t.value} > 0`),
  ],
);

/**
 * Cash received at an open store-front cashier: the payment entry posted against a receivable title
 * (`value`, at most its open value) and the cash the buyer handed over (`cashReceived`, at least
 * `value`); the difference is the change given back, written as `vTroco` in the sale's NFC-e.
 */
export const cashierCashReceipts = sqliteTable(
  "cashier_cash_receipts",
  {
    id: id(),
    companyId: companyId(),
    /** Open cashier of the account at the time of the payment (null makes the batch fail: cashier closed). */
    cashierId: integer().notNull(),
    bankAccountId: integer().notNull(),
    titleId: integer().notNull(),
    /** The payment entry (`IDBankStatement`) posted in the same batch. */
    entryId: integer().notNull(),
    value: integer().notNull(),
    cashReceived: integer().notNull(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("cashier_cash_receipts_cashier").on(t.cashierId),
    index("cashier_cash_receipts_title").on(t.titleId),
    check("cashier_cash_receipts_value_positive", sql`${t.value} > 0`),
    check("cashier_cash_receipts_covers_value", sql`${t.cashReceived} >= ${t.value}`),
  ],
);
