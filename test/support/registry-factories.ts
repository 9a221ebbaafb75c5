import { env } from "cloudflare:test";
import { bankAccounts, brands, products } from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { client, signIn, tokenFor } from "./api";

/** The demo account's database, for asserting state and inserting fixtures directly. */
export const demoDb = () => drizzleFor(env.DB_DEMO);

/** Company 1's admin (admin@demo.local). */
export const companyOneApi = async () => client("demo", await signIn("demo", "admin@demo.local"));

/** Company 2's user (filial@demo.local). */
export const companyTwoApi = async () => client("demo", await signIn("demo", "filial@demo.local"));

/** A valid token whose company does not exist in the demo account. */
export const missingCompanyApi = async () =>
  client("demo", await tokenFor({ userId: 1, companyId: 99, account: "demo" }));

let sequence = 0;
/** A name no other test of the file uses. */
export const unique = (prefix: string) => `${prefix} ${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

export async function insertBankAccount(companyId: number, values: { status?: number } = {}) {
  const [row] = await demoDb()
    .insert(bankAccounts)
    .values({ companyId, bank: "Banco Teste", bankNumber: "001", status: values.status ?? 1 })
    .returning();
  return row!;
}

export async function insertBrand(companyId: number, name = unique("Marca"), status = 1) {
  const [row] = await demoDb().insert(brands).values({ companyId, name, status }).returning();
  return row!;
}

export async function insertProduct(
  companyId: number,
  values: { brandId?: number; isActive?: number; status?: number; code?: string } = {},
) {
  const [row] = await demoDb()
    .insert(products)
    .values({ companyId, name: unique("Produto"), ...values })
    .returning();
  return row!;
}

/**
 * Inserts `count` brands named `<prefix> 00001`... straight into D1: multi-row INSERTs of 50 rows
 * (2 bound parameters each, under D1's 100 per statement), all in one batch.
 */
export async function insertManyBrands(
  database: D1Database,
  companyId: number,
  count: number,
  prefix: string,
) {
  const rowsPerStatement = 50;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < count; start += rowsPerStatement) {
    const size = Math.min(rowsPerStatement, count - start);
    const values = Array.from({ length: size }, () => "(?, ?)").join(", ");
    const params = Array.from({ length: size }, (_, i) => [
      companyId,
      `${prefix} ${String(start + i + 1).padStart(5, "0")}`,
    ]).flat();
    statements.push(
      database.prepare(`INSERT INTO brands (company_id, name) VALUES ${values}`).bind(...params),
    );
  }
  await database.batch(statements);
}
