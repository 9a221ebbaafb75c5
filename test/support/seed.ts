import { env } from "cloudflare:test";
import { DEMO_PASSWORD, SEED_PLAN, type StoredPassword } from "../../src/dev/seed-plan";
import { hashPassword } from "../../src/domain/identity/password";

export type AccountName = "demo" | "acme";

export const databaseOf = (account: AccountName): D1Database =>
  account === "demo" ? env.DB_DEMO : env.DB_ACME;

let stored: StoredPassword | undefined;

/** Seeds the local accounts as `npm start` does (few PBKDF2 iterations, to keep tests fast). */
export async function seedAccounts(): Promise<void> {
  stored ??= await hashPassword(DEMO_PASSWORD, 1000);
  for (const account of ["demo", "acme"] as const) {
    const database = databaseOf(account);
    const plan = SEED_PLAN[account]!;
    const { seedStatements } = await import("../../src/dev/seed-plan");
    await database.batch(seedStatements(plan, () => stored!).map((sql) => database.prepare(sql)));
  }
}
