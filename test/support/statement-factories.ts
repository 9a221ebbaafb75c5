import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import {
  acquirerLines,
  bankAccounts,
  bankLines,
  conciliationLinks,
  entries,
  titles,
} from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { insertEntry, type NewEntry, newUid } from "../../src/db/ledger";
import { settleTitle } from "../../src/db/title-settlement";

/**
 * Rows of the bank statement area written straight into the `demo` database, so tests do not
 * depend on the routes of other areas (bank accounts, titles).
 */

export const demoDb = () => drizzleFor(env.DB_DEMO);

let sequence = 0;
const next = () => ++sequence;

export async function createBankAccount(
  overrides: Partial<typeof bankAccounts.$inferInsert> = {},
): Promise<number> {
  const n = next();
  const [row] = await demoDb()
    .insert(bankAccounts)
    .values({
      companyId: 1,
      bank: `Banco ${n}`,
      bankNumber: "001",
      agency: "1234",
      accountNumber: `${10000 + n}-${n % 10}`,
      ...overrides,
    })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

export type TitleSeed = {
  companyId?: number;
  /** 0 receivable, 1 payable. */
  typeAccount?: 0 | 1;
  /** Cents. */
  value: number;
  openValue?: number;
  status?: number;
  description?: string;
  document?: string | null;
};

export async function createTitle(seed: TitleSeed): Promise<number> {
  const openValue = seed.openValue ?? seed.value;
  const status = seed.status ?? (openValue === 0 ? 3 : openValue === seed.value ? 1 : 2);
  const [row] = await demoDb()
    .insert(titles)
    .values({
      companyId: seed.companyId ?? 1,
      typeAccount: seed.typeAccount ?? 0,
      description: seed.description ?? `Título ${next()}`,
      document: seed.document ?? null,
      value: seed.value,
      openValue,
      dueDate: "2026-03-01",
      status,
    })
    .returning({ id: titles.id });
  return row!.id;
}

type EntrySeed = Partial<NewEntry> & { bankAccountId: number; value: number; date: string };

/** An internal entry written directly; answers its id. */
export async function createEntry(seed: EntrySeed): Promise<number> {
  const db = demoDb();
  const uid = newUid();
  await db.batch([
    insertEntry(
      db,
      {
        companyId: 1,
        typeAccount: 0,
        description: "Lançamento",
        origin: "payment",
        ...seed,
      },
      uid,
    ),
  ]);
  const row = await db.select({ id: entries.id }).from(entries).where(eq(entries.uid, uid)).get();
  return row!.id;
}

/** A payment of a title as the titles area records it: the entry and the settlement, in one batch. */
export async function payTitle(
  titleId: number,
  payment: { bankAccountId: number; value: number; date: string; typeAccount?: 0 | 1; companyId?: number },
): Promise<number> {
  const db = demoDb();
  const uid = newUid();
  await db.batch([
    insertEntry(
      db,
      {
        companyId: payment.companyId ?? 1,
        bankAccountId: payment.bankAccountId,
        typeAccount: payment.typeAccount ?? 0,
        value: payment.value,
        date: payment.date,
        description: `Pagamento do título ${titleId}`,
        titleId,
        origin: "payment",
      },
      uid,
    ),
    settleTitle(db, payment.companyId ?? 1, titleId, payment.value),
  ]);
  const row = await db.select({ id: entries.id }).from(entries).where(eq(entries.uid, uid)).get();
  return row!.id;
}

export async function createBankLine(
  seed: Partial<typeof bankLines.$inferInsert> & { bankAccountId: number; value: number; date: string },
): Promise<number> {
  const [row] = await demoDb()
    .insert(bankLines)
    .values({
      companyId: 1,
      description: `Linha ${next()}`,
      dedupeKey: `test:${newUid()}`,
      ...seed,
    })
    .returning({ id: bankLines.id });
  return row!.id;
}

export async function createAcquirerLine(
  seed: Partial<typeof acquirerLines.$inferInsert> & { netValue: number; date: string },
): Promise<number> {
  const [row] = await demoDb()
    .insert(acquirerLines)
    .values({ companyId: 1, acquirer: "Cielo", grossValue: seed.netValue, ...seed })
    .returning({ id: acquirerLines.id });
  return row!.id;
}

export async function linkEntry(entryId: number, target: { bankLineId?: number; acquirerLineId?: number }) {
  await demoDb()
    .insert(conciliationLinks)
    .values({ companyId: 1, entryId, ...target });
}

export type BulkEntry = {
  bankAccountId: number;
  typeAccount: 0 | 1;
  value: number;
  date: string;
  titleId?: number | null;
};

/**
 * Many entries through multi-row INSERTs: 11 rows of 7 parameters per statement (D1 binds at most
 * 100), all statements in one batch. Rows get ids in the given order.
 */
export async function bulkInsertEntries(rows: BulkEntry[], companyId = 1): Promise<void> {
  const database = env.DB_DEMO;
  const perStatement = 11;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const placeholders = chunk.map(() => "(?, ?, ?, ?, ?, ?, 'Lote', ?, 'payment')").join(", ");
    const params = chunk.flatMap((r) => [
      companyId,
      newUid(),
      r.bankAccountId,
      r.typeAccount,
      r.value,
      r.date,
      r.titleId ?? null,
    ]);
    statements.push(
      database
        .prepare(
          `INSERT INTO bank_statements (company_id, uid, bank_account_id, type_account, value, date, description, title_id, origin) VALUES ${placeholders}`,
        )
        .bind(...params),
    );
  }
  for (let i = 0; i < statements.length; i += 500) await database.batch(statements.slice(i, i + 500));
}

/** Current state of a title. */
export async function titleState(titleId: number) {
  return demoDb()
    .select({ openValue: titles.openValue, status: titles.status })
    .from(titles)
    .where(eq(titles.id, titleId))
    .get();
}

/** Current state of a bank line. */
export async function bankLineState(lineId: number) {
  return demoDb()
    .select({ reconciledValue: bankLines.reconciledValue, statusId: bankLines.statusId })
    .from(bankLines)
    .where(eq(bankLines.id, lineId))
    .get();
}
