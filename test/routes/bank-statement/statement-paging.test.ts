import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { entries } from "../../../drizzle/schema";
import type { Answer } from "../../support/answers";
import { client, signIn } from "../../support/api";
import { seedAccounts } from "../../support/seed";
import {
  type BulkEntry,
  bulkInsertEntries,
  createBankAccount,
  demoDb,
} from "../../support/statement-factories";

/** Deterministic pseudo-random numbers, so the data set is the same on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

let api: ReturnType<typeof client>;
let account: number;
let opening = 0;
/** The in-range entries, in statement order, with the balance computed by hand. */
let expected: { id: number; balance: number }[] = [];

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
  account = await createBankAccount();
  const random = generator(42);
  const rows: BulkEntry[] = [];
  // 300 entries before the range (opening balance), 5200 inside it, dates shuffled so ids and dates
  // disagree, and many entries sharing one date-time so the id breaks the tie.
  for (let i = 0; i < 5_500; i++) {
    const before = i % 18 === 0 && rows.filter((r) => r.date < "2025").length < 300;
    const day = before
      ? `2024-12-${pad(1 + Math.floor(random() * 31))}`
      : `2025-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
    const time = `${pad(Math.floor(random() * 3) * 8)}:00:00`;
    rows.push({
      bankAccountId: account,
      typeAccount: random() < 0.55 ? 0 : 1,
      value: 1 + Math.floor(random() * 500_000),
      date: `${day} ${time}`,
    });
  }
  await bulkInsertEntries(rows);
  const inserted = await demoDb()
    .select({ id: entries.id })
    .from(entries)
    .where(eq(entries.bankAccountId, account))
    .orderBy(asc(entries.id));
  expect(inserted).toHaveLength(rows.length);

  const withIds = rows.map((r, i) => ({ ...r, id: inserted[i]!.id }));
  const signed = (r: BulkEntry) => (r.typeAccount === 0 ? r.value : -r.value);
  opening = withIds.filter((r) => r.date < "2025-01-01").reduce((sum, r) => sum + signed(r), 0);
  const inRange = withIds
    .filter((r) => r.date >= "2025-01-01")
    .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  let balance = opening;
  expected = inRange.map((r) => {
    balance += signed(r);
    return { id: r.id, balance };
  });
});

const pageOf = (page: number) =>
  api.get<Extract<Answer<"$get", "/accounts/bank-statement">, { Entries: unknown }>>(
    `/accounts/bank-statement?Source=1&IDBankAccount=${account}&DateFrom=2025-01-01&DateTo=2025-12-31&Page=${page}`,
  );

const cents = (value: number) => Math.round(value * 100);

describe("GET /accounts/bank-statement Source=1 across pages of 5000", () => {
  it("has more than one page of entries in the range", () => {
    expect(expected.length).toBeGreaterThan(5_000);
    expect(expected.length).toBeLessThan(10_000);
  });

  it("page 0: opening balance before DateFrom and running balances computed by hand", async () => {
    const response = await pageOf(0);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.Entries).toHaveLength(5_000);
    expect(cents(body.PreviousBalance)).toBe(opening);
    expect(body.TotalEntries).toBe(expected.length);
    expect(body.Entries.map((e) => [e.IDBankStatement, cents(e.Balance)])).toEqual(
      expected.slice(0, 5_000).map((e) => [e.id, e.balance]),
    );
    expect(cents(body.FinalBalance)).toBe(expected.at(-1)!.balance);
    expect(cents(body.FinalBalance)).toBe(
      cents(body.PreviousBalance) + cents(body.TotalReceipts) - cents(body.TotalPayments),
    );
  });

  it("page 1 continues from the last balance of page 0 and ends on FinalBalance", async () => {
    const response = await pageOf(1);
    const body = response.body;
    expect(body.Page).toBe(1);
    expect(body.Entries).toHaveLength(expected.length - 5_000);
    expect(cents(body.PreviousBalance)).toBe(expected[4_999]!.balance);
    expect(body.Entries.map((e) => [e.IDBankStatement, cents(e.Balance)])).toEqual(
      expected.slice(5_000).map((e) => [e.id, e.balance]),
    );
    expect(cents(body.Entries.at(-1)!.Balance)).toBe(cents(body.FinalBalance));
  });

  it("a page past the end is empty and its previous balance is the final balance", async () => {
    const body = (await pageOf(2)).body;
    expect(body.Entries).toEqual([]);
    expect(cents(body.PreviousBalance)).toBe(expected.at(-1)!.balance);
  });
});
