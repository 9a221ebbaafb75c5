import { eq, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accountTypes,
  bankAccounts,
  bankLines,
  conciliationLinks,
  consumers,
  costCenters,
  documentTypes,
  entries,
  paymentTypes,
  suppliers,
  titles,
} from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { type AccountName, databaseOf } from "./seed";

/** A table with an integer `id` key, into which a row is inserted directly. */
type TableWithId = SQLiteTable & { id: SQLiteColumn };

// Registry rows inserted straight into D1, so title tests do not depend on the registry routes.

export const dbOf = (account: AccountName = "demo") => drizzleFor(databaseOf(account));

const insertId = async (
  table: TableWithId,
  values: Record<string, unknown>,
  account: AccountName = "demo",
): Promise<number> => {
  const row = await dbOf(account).insert(table).values(values).returning({ id: table.id }).get();
  return (row as { id: number }).id;
};

export const makeBankAccount = (companyId: number, name = "Banco Teste", account: AccountName = "demo") =>
  insertId(bankAccounts, { companyId, bank: name, bankNumber: "341" }, account);

export const makeSupplier = (companyId: number, name = "Fornecedor Teste") =>
  insertId(suppliers, { companyId, name });

export const makeConsumer = (companyId: number, name = "Cliente Teste") =>
  insertId(consumers, { companyId, name });

export const makeDocumentType = (companyId: number) =>
  insertId(documentTypes, { companyId, description: "Boleto" });

export const makePaymentType = (companyId: number) =>
  insertId(paymentTypes, { companyId, description: "Pix" });

/** A chart-of-accounts entry: 0 inflow (receivables), 1 outflow (payables). */
export const makeAccountType = (companyId: number, typeAccount: 0 | 1) =>
  insertId(accountTypes, { companyId, description: typeAccount ? "Despesas" : "Receitas", typeAccount });

export const makeCostCenter = (companyId: number) =>
  insertId(costCenters, { companyId, description: "Administrativo" });

/** Every registry a title can reference, in one company. */
export async function makeRegistries(companyId: number) {
  return {
    bankAccountId: await makeBankAccount(companyId),
    supplierId: await makeSupplier(companyId),
    consumerId: await makeConsumer(companyId),
    documentTypeId: await makeDocumentType(companyId),
    paymentTypeId: await makePaymentType(companyId),
    outflowAccountTypeId: await makeAccountType(companyId, 1),
    inflowAccountTypeId: await makeAccountType(companyId, 0),
    costCenterId: await makeCostCenter(companyId),
  };
}

/** Reconciles an entry against a new bank line, as the reconciliation would (a conciliation link). */
export async function reconcileEntry(companyId: number, entryId: number): Promise<number> {
  const db = dbOf();
  const entry = await db.select().from(entries).where(eq(entries.id, entryId)).get();
  const lineId = await insertId(bankLines, {
    companyId,
    bankAccountId: entry!.bankAccountId,
    date: entry!.date.slice(0, 10),
    value: entry!.typeAccount === 0 ? entry!.value : -entry!.value,
    dedupeKey: `manual:${crypto.randomUUID()}`,
    statusId: 3,
    reconciledValue: entry!.value,
  });
  await db.insert(conciliationLinks).values({ companyId, entryId, bankLineId: lineId });
  return lineId;
}

export const titleRow = (titleId: number) => dbOf().select().from(titles).where(eq(titles.id, titleId)).get();

export const entriesOfTitle = (titleId: number) =>
  dbOf().select().from(entries).where(eq(entries.titleId, titleId)).orderBy(entries.id);

/** Sum of the entries a title's payments posted. */
export async function paidByEntries(titleId: number): Promise<number> {
  const row = await dbOf()
    .select({ total: sql<number>`coalesce(sum(${entries.value}), 0)` })
    .from(entries)
    .where(eq(entries.titleId, titleId))
    .get();
  return Number(row?.total ?? 0);
}
