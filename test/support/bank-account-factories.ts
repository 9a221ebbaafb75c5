import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import {
  bankAccountHistory,
  bankAccounts,
  companyIntegrations,
  companyInvoices,
  entries,
  orderTypeInvoices,
  orderTypes,
  posCashiers,
  titles,
} from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { insertEntry } from "../../src/db/ledger";
import { addDays, todayIn } from "../../src/lib/dates";

/**
 * Rows the bank-account rules read, written straight into the demo account's D1 (the registries,
 * titles and cashier routes are built elsewhere; these tests must not depend on them).
 */
export const demoDb = () => drizzleFor(env.DB_DEMO);

/** Today and nearby days in the demo companies' zone. */
export const today = () => todayIn("America/Sao_Paulo");
export const daysFromToday = (days: number) => addDays(today(), days);

export async function insertInvoicingCompany(companyId: number, name = "Faturador extra"): Promise<number> {
  const [row] = await demoDb()
    .insert(companyInvoices)
    .values({ companyId, name, document: "00111222000133" })
    .returning({ id: companyInvoices.id });
  return row!.id;
}

export async function insertIntegration(
  companyId: number,
  kind: string,
  description = `Integração ${kind}`,
  status = 1,
): Promise<number> {
  const [row] = await demoDb()
    .insert(companyIntegrations)
    .values({ companyId, kind, description, status })
    .returning({ id: companyIntegrations.id });
  return row!.id;
}

/** An order type and the invoicing companies it is enabled for. */
export async function insertOrderType(
  companyId: number,
  { enabledPos = 1, companyInvoiceIds = [] as number[], status = 1 } = {},
): Promise<number> {
  const db = demoDb();
  const [row] = await db
    .insert(orderTypes)
    .values({ companyId, description: "Venda balcão", enabledPos, status })
    .returning({ id: orderTypes.id });
  for (const companyInvoiceId of companyInvoiceIds) {
    await db.insert(orderTypeInvoices).values({ orderTypeId: row!.id, companyInvoiceId });
  }
  return row!.id;
}

/** A title forecast on `bankAccountId`; money in cents. */
export async function insertTitle(title: {
  companyId: number;
  bankAccountId: number | null;
  typeAccount: 0 | 1;
  value: number;
  openValue?: number;
  dueDate: string;
  status?: number;
}): Promise<number> {
  const [row] = await demoDb()
    .insert(titles)
    .values({
      companyId: title.companyId,
      bankAccountId: title.bankAccountId,
      typeAccount: title.typeAccount,
      description: "Título de teste",
      value: title.value,
      openValue: title.openValue ?? title.value,
      dueDate: title.dueDate,
      status: title.status ?? 1,
    })
    .returning({ id: titles.id });
  return row!.id;
}

export async function insertCashier(
  companyId: number,
  bankAccountId: number,
  { closed = false } = {},
): Promise<number> {
  const [row] = await demoDb()
    .insert(posCashiers)
    .values({
      companyId,
      bankAccountId,
      openedAt: "2026-01-05 08:00:00",
      closedAt: closed ? "2026-01-05 18:00:00" : null,
      openedBy: 1,
    })
    .returning({ id: posCashiers.id });
  return row!.id;
}

/** An internal entry (day totals follow through the database triggers); value in cents. */
export async function insertEntryRow(entry: {
  companyId: number;
  bankAccountId: number;
  typeAccount: 0 | 1;
  value: number;
  date: string;
}): Promise<void> {
  const db = demoDb();
  await db.batch([insertEntry(db, { ...entry, description: "Lançamento de teste", origin: "payment" })]);
}

/** A bank account row written directly (for accounts of another company, or a known state). */
export async function insertBankAccount(account: {
  companyId: number;
  bank?: string;
  bankNumber?: string;
  companyInvoiceId?: number | null;
  mainIncome?: number;
  mainPayment?: number;
  status?: number;
}): Promise<number> {
  const [row] = await demoDb()
    .insert(bankAccounts)
    .values({
      companyId: account.companyId,
      bank: account.bank ?? "Banco Teste",
      bankNumber: account.bankNumber ?? "001",
      companyInvoiceId: account.companyInvoiceId ?? null,
      mainIncome: account.mainIncome ?? 0,
      mainPayment: account.mainPayment ?? 0,
      status: account.status ?? 1,
    })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

/** `count` active accounts of a company, in one batch; answers their ids in order. */
export async function insertBankAccounts(
  companyId: number,
  count: number,
  bankNumber: string,
): Promise<number[]> {
  const db = demoDb();
  const [first, ...rest] = Array.from({ length: count }, (_, i) =>
    db
      .insert(bankAccounts)
      .values({ companyId, bank: `Banco ${i}`, bankNumber })
      .returning({ id: bankAccounts.id }),
  );
  const results = await db.batch([first!, ...rest]);
  return results.map(([row]) => row!.id);
}

export const accountRow = async (id: number) =>
  demoDb().select().from(bankAccounts).where(eq(bankAccounts.id, id)).get();

export const entriesOf = async (bankAccountId: number) =>
  demoDb().select().from(entries).where(eq(entries.bankAccountId, bankAccountId)).orderBy(entries.id);

export const historyOf = async (bankAccountId: number) =>
  demoDb()
    .select()
    .from(bankAccountHistory)
    .where(eq(bankAccountHistory.bankAccountId, bankAccountId))
    .orderBy(bankAccountHistory.id);

/** The id of the account a POST just created: the highest id of the refreshed list. */
export const newestId = (list: { IDBankAccount: number }[]) => Math.max(...list.map((a) => a.IDBankAccount));
