import { and, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  bankAccountHistory,
  bankAccounts,
  bankLines,
  companyIntegrations,
  companyInvoices,
  entries,
  orderTypeInvoices,
  orderTypes,
  posCashiers,
  titles,
} from "../../drizzle/schema";
import type { HistoryAction } from "../domain/bank-accounts/history";
import { TITLE_STATUS } from "../domain/titles/statuses";
import type { Db } from "../env";
import type { Cents } from "../lib/money";
import { balanceUpToSql, entryIdByUid } from "./ledger";
import { existsInCompany } from "./lookups";
import { eqIf, utcNow } from "./sql";

/** Bank accounts, their history, and the facts their rules need (cashiers, titles, registries). */

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The fields a client sets on an account. */
export type BankAccountValues = Pick<
  BankAccountRow,
  | "bank"
  | "bankNumber"
  | "agency"
  | "accountNumber"
  | "mainIncome"
  | "mainPayment"
  | "companyInvoiceId"
  | "companyIntegrationId"
  | "companyIntegrationPixId"
  | "orderTypeId"
  | "tefTerminal"
>;

export type BankAccountListRow = BankAccountRow & {
  pixDescription: string | null;
  /** All entries up to the balance day. */
  balance: Cents;
  /** Open value of receivables minus payables forecast on the account, due up to the forecast day. */
  openTitlesNet: Cents;
  /** Signed sum of the feed's lines still pending at the bank. */
  pendingFeed: Cents;
};

export type ListFilters = { companyInvoiceId?: number; bankNumber?: string };

/** Bank code of internal accounts (POS cashiers). */
export const INTERNAL_BANK_NUMBER = "000";

const openTitlesNetSql = (dueUpTo: string) =>
  sql<number>`(SELECT coalesce(sum(CASE WHEN ${titles.typeAccount} = 0 THEN ${titles.openValue} ELSE -${titles.openValue} END), 0)
    FROM ${titles}
    WHERE ${titles.bankAccountId} = ${bankAccounts.id} AND ${titles.companyId} = ${bankAccounts.companyId}
      AND ${titles.status} IN (${TITLE_STATUS.open}, ${TITLE_STATUS.partial}) AND ${titles.dueDate} <= ${dueUpTo})`;

/**
 * The signed sum of the account's feed lines the bank still reports as pending (not withdrawn): they
 * have no entry yet, and count in the forecast (docs/OPEN-FINANCE.md, "Pending lines").
 */
const pendingFeedSql = sql<number>`(SELECT coalesce(sum(${bankLines.value}), 0) FROM ${bankLines}
    WHERE ${bankLines.bankAccountId} = ${bankAccounts.id} AND ${bankLines.pending} = 1
      AND ${bankLines.withdrawnAt} IS NULL)`;

/**
 * Active accounts of the company with their balance and open-title forecast, in one query whatever
 * the number of accounts (no id list is bound, so D1's 100-parameter limit never applies).
 */
export async function listActiveAccounts(
  db: Db,
  companyId: number,
  filters: ListFilters,
  days: { balanceDay: string; forecastDay: string },
): Promise<BankAccountListRow[]> {
  const conditions = [
    eq(bankAccounts.companyId, companyId),
    eq(bankAccounts.status, 1),
    eqIf(bankAccounts.companyInvoiceId, filters.companyInvoiceId),
    eqIf(bankAccounts.bankNumber, filters.bankNumber),
  ];
  const rows = await db
    .select({
      account: bankAccounts,
      pixDescription: companyIntegrations.description,
      balance: balanceUpToSql(bankAccounts.id, days.balanceDay),
      openTitlesNet: openTitlesNetSql(days.forecastDay),
      pendingFeed: pendingFeedSql,
    })
    .from(bankAccounts)
    .leftJoin(
      companyIntegrations,
      and(
        eq(companyIntegrations.id, bankAccounts.companyIntegrationPixId),
        eq(companyIntegrations.companyId, bankAccounts.companyId),
      ),
    )
    .where(and(...conditions))
    .orderBy(bankAccounts.id);
  return rows.map((r) => ({
    ...r.account,
    pixDescription: r.pixDescription ?? null,
    balance: Number(r.balance),
    openTitlesNet: Number(r.openTitlesNet),
    pendingFeed: Number(r.pendingFeed),
  }));
}

/** An active account of the company. */
export async function findActiveAccount(
  db: Db,
  companyId: number,
  accountId: number,
): Promise<BankAccountRow | undefined> {
  return db
    .select()
    .from(bankAccounts)
    .where(
      and(eq(bankAccounts.id, accountId), eq(bankAccounts.companyId, companyId), eq(bankAccounts.status, 1)),
    )
    .get();
}

/** True when the company owns the account, active or not (its history outlives a delete). */
export async function accountOfCompany(db: Db, companyId: number, accountId: number): Promise<boolean> {
  const row = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.companyId, companyId)))
    .get();
  return row !== undefined;
}

const hasEntriesSql = (accountId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${entries} WHERE ${entries.bankAccountId} = ${accountId})`;
const hasTitlesSql = (accountId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${titles} WHERE ${titles.bankAccountId} = ${accountId} AND ${titles.status} <> ${TITLE_STATUS.deleted})`;
const usedByCashierSql = (accountId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${posCashiers} WHERE ${posCashiers.bankAccountId} = ${accountId})`;
const hasOpenCashierSql = (accountId: number) =>
  sql<number>`EXISTS (SELECT 1 FROM ${posCashiers} WHERE ${posCashiers.bankAccountId} = ${accountId} AND ${posCashiers.closedAt} IS NULL)`;

export type DeleteBlocks = { hasEntries: boolean; hasTitles: boolean; usedByCashier: boolean };

/** What stops an account from being deleted: entries, non-deleted titles forecast on it, any cashier opening. */
export async function deleteBlocks(db: Db, accountId: number): Promise<DeleteBlocks> {
  const row = await db
    .select({
      hasEntries: hasEntriesSql(accountId),
      hasTitles: hasTitlesSql(accountId),
      usedByCashier: usedByCashierSql(accountId),
    })
    .from(sql`(SELECT 1)`)
    .get();
  return {
    hasEntries: Boolean(row?.hasEntries),
    hasTitles: Boolean(row?.hasTitles),
    usedByCashier: Boolean(row?.usedByCashier),
  };
}

export async function hasOpenCashier(db: Db, accountId: number): Promise<boolean> {
  const row = await db
    .select({ open: hasOpenCashierSql(accountId) })
    .from(sql`(SELECT 1)`)
    .get();
  return Boolean(row?.open);
}

/** An active invoicing company of the company. */
export const companyInvoiceExists = (db: Db, companyId: number, companyInvoiceId: number) =>
  existsInCompany(db, companyInvoices, companyId, companyInvoiceId);

/** Kind (`TEF`, `PIX`, ...) of an active integration of the company, or null when it does not exist. */
export async function integrationKind(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<string | null> {
  const row = await db
    .select({ kind: companyIntegrations.kind })
    .from(companyIntegrations)
    .where(
      and(
        eq(companyIntegrations.id, integrationId),
        eq(companyIntegrations.companyId, companyId),
        eq(companyIntegrations.status, 1),
      ),
    )
    .get();
  return row?.kind ?? null;
}

export type OrderTypeFacts = { enabledPos: boolean; companyInvoiceIds: number[] };

/** An active order type of the company with the invoicing companies it is enabled for. */
export async function findOrderType(
  db: Db,
  companyId: number,
  orderTypeId: number,
): Promise<OrderTypeFacts | null> {
  const rows = await db
    .select({ enabledPos: orderTypes.enabledPos, companyInvoiceId: orderTypeInvoices.companyInvoiceId })
    .from(orderTypes)
    .leftJoin(orderTypeInvoices, eq(orderTypeInvoices.orderTypeId, orderTypes.id))
    .where(
      and(eq(orderTypes.id, orderTypeId), eq(orderTypes.companyId, companyId), eq(orderTypes.status, 1)),
    );
  const first = rows[0];
  if (!first) return null;
  return {
    enabledPos: first.enabledPos === 1,
    companyInvoiceIds: rows.flatMap((r) => (r.companyInvoiceId === null ? [] : [r.companyInvoiceId])),
  };
}

// ---- writes: statements for one db.batch ----

export type HistoryRecord = {
  companyId: number;
  /** An account id, or a subquery finding the account inserted earlier in the same batch. */
  accountId: number | SQL;
  userId: number;
  action: HistoryAction;
  /** JSON text, or an expression that yields NULL (refusing the whole batch) when a guard fails. */
  changes: string | SQL;
  /** `YYYY-MM-DD HH:MM:SS` in the company's zone. */
  at: string;
};

export function insertHistory(db: Db, record: HistoryRecord): BatchItem<"sqlite"> {
  return db.insert(bankAccountHistory).values({
    companyId: record.companyId,
    bankAccountId: record.accountId,
    userId: record.userId,
    action: record.action,
    changes: record.changes,
    createdAt: record.at,
  });
}

/** The id of the account inserted earlier in the same batch (ids only grow: AUTOINCREMENT). */
export const insertedAccountId = sql`(SELECT max(${bankAccounts.id}) FROM ${bankAccounts})`;

export function insertAccount(db: Db, companyId: number, values: BankAccountValues): BatchItem<"sqlite"> {
  return db.insert(bankAccounts).values({ ...values, companyId });
}

/**
 * Updates an active account. NOT NULL refuses the whole batch (main-flag clearing and history
 * included) when the account was deleted meanwhile (its status would become NULL) or, when the
 * bank code changes, when it is an internal account whose cashier was opened meanwhile.
 */
export function updateAccount(
  db: Db,
  companyId: number,
  accountId: number,
  values: BankAccountValues,
  bankNumberChanges: boolean,
): BatchItem<"sqlite"> {
  const bankNumber = bankNumberChanges
    ? sql`CASE WHEN ${bankAccounts.bankNumber} = ${INTERNAL_BANK_NUMBER} AND ${hasOpenCashierSql(accountId)} THEN NULL ELSE ${values.bankNumber} END`
    : values.bankNumber;
  return db
    .update(bankAccounts)
    .set({
      ...values,
      bankNumber,
      status: sql`CASE WHEN ${bankAccounts.status} = 1 THEN 1 ELSE NULL END`,
      updatedAt: utcNow,
    })
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.companyId, companyId)));
}

/**
 * Sets Status 0. The status becomes NULL (refused by NOT NULL, so the batch fails) when the account
 * is no longer active or gained an entry, a title or a cashier opening since the checks were read.
 */
export function deactivateAccount(db: Db, companyId: number, accountId: number): BatchItem<"sqlite"> {
  return db
    .update(bankAccounts)
    .set({
      status: sql`CASE WHEN ${bankAccounts.status} = 1 AND NOT ${hasEntriesSql(accountId)}
        AND NOT ${hasTitlesSql(accountId)} AND NOT ${usedByCashierSql(accountId)} THEN 0 ELSE NULL END`,
      updatedAt: utcNow,
    })
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.companyId, companyId)));
}

/**
 * Clears the main flags of the other active accounts of one invoicing company (null: accounts
 * without one), recording each cleared account in its history first.
 */
export function clearMainFlags(
  db: Db,
  scope: { companyId: number; companyInvoiceId: number | null; exceptAccountId?: number },
  clear: { income: boolean; payment: boolean },
  by: { userId: number; at: string },
): BatchItem<"sqlite">[] {
  const conditions = [
    eq(bankAccounts.companyId, scope.companyId),
    eq(bankAccounts.status, 1),
    scope.companyInvoiceId === null
      ? isNull(bankAccounts.companyInvoiceId)
      : eq(bankAccounts.companyInvoiceId, scope.companyInvoiceId),
    clear.income
      ? sql`(${bankAccounts.mainIncome} = 1 OR ${bankAccounts.mainPayment} = 1)`
      : eq(bankAccounts.mainPayment, 1),
  ];
  if (scope.exceptAccountId !== undefined) conditions.push(ne(bankAccounts.id, scope.exceptAccountId));
  const where = and(...conditions)!;
  const cleared = (field: string, column: SQLiteColumn) =>
    sql`CASE WHEN ${column} = 1 THEN json_object(${field}, json_object('Before', 1, 'After', 0)) ELSE '{}' END`;
  const changes = clear.income
    ? sql`json_patch(${cleared("MainIncome", bankAccounts.mainIncome)}, ${cleared("MainPayment", bankAccounts.mainPayment)})`
    : cleared("MainPayment", bankAccounts.mainPayment);
  return [
    db.insert(bankAccountHistory).select((qb) =>
      qb
        .select({
          // every column in table order, as INSERT ... SELECT requires; NULL id = next autoincrement
          id: sql<number>`NULL`.as("id"),
          companyId: bankAccounts.companyId,
          bankAccountId: bankAccounts.id,
          userId: sql<number>`${by.userId}`.as("user_id"),
          action: sql<string>`'update'`.as("action"),
          changes: sql<string>`${changes}`.as("changes"),
          createdAt: sql<string>`${by.at}`.as("created_at"),
        })
        .from(bankAccounts)
        .where(where),
    ),
    db
      .update(bankAccounts)
      .set(
        clear.income
          ? { mainIncome: 0, mainPayment: 0, updatedAt: utcNow }
          : { mainPayment: 0, updatedAt: utcNow },
      )
      .where(where),
  ];
}

/**
 * Changes of an opening-balance adjustment, completed with the id of the entry posted under
 * `entryUid` earlier in the batch. It also asserts that the balance up to `day` is now `expected`:
 * when a concurrent write moved it, the changes are NULL and the NOT NULL constraint refuses the
 * whole batch (entry included).
 */
export function guardedAdjustmentChanges(
  accountId: number,
  day: string,
  expected: Cents,
  changes: string,
  entryUid: string,
): SQL {
  return sql`CASE WHEN ${balanceUpToSql(sql`${accountId}`, day)} = ${expected}
    THEN json_set(${changes}, '$.IDBankStatement', json_object('Before', NULL, 'After', ${entryIdByUid(entryUid)}))
    ELSE NULL END`;
}

export type HistoryRow = typeof bankAccountHistory.$inferSelect;

/** History of an account, newest first. */
export async function listHistory(
  db: Db,
  companyId: number,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<HistoryRow[]> {
  return db
    .select()
    .from(bankAccountHistory)
    .where(and(eq(bankAccountHistory.bankAccountId, accountId), eq(bankAccountHistory.companyId, companyId)))
    .orderBy(desc(bankAccountHistory.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Runs the statements as one atomic D1 batch. */
export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
