import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { entries } from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { balancesUpTo, balanceUpTo, deleteEntry, insertEntry, type NewEntry } from "../../src/db/ledger";

const db = drizzleFor(env.DB_DEMO);
const base: NewEntry = {
  companyId: 1,
  bankAccountId: 77,
  typeAccount: 0,
  value: 10_000,
  date: "2026-03-01 10:00:00",
  description: "x",
  origin: "adjustment",
};

describe("ledger day totals (database triggers)", () => {
  it("follows inserts, updates and deletes of entries", async () => {
    await db.batch([
      insertEntry(db, base),
      insertEntry(db, { ...base, typeAccount: 1, value: 2_550, date: "2026-03-01 18:00:00" }),
      insertEntry(db, { ...base, value: 1, date: "2026-03-03 00:00:00" }),
    ]);
    expect(await balanceUpTo(db, 77, "2026-02-28")).toBe(0);
    expect(await balanceUpTo(db, 77, "2026-03-01")).toBe(7_450);
    expect(await balanceUpTo(db, 77, "2026-03-03")).toBe(7_451);

    const [first] = await db.select().from(entries).limit(1);
    await db.update(entries).set({ date: "2026-03-02 09:00:00", value: 20_000 }).run();
    expect(await balanceUpTo(db, 77, "2026-03-01")).toBe(0);
    expect(await balanceUpTo(db, 77, "2026-03-02")).toBe(40_000 - 20_000);

    await db.batch([deleteEntry(db, 1, first!.id)]);
    expect(await balanceUpTo(db, 77, "2026-03-03")).toBe(0);
  });
});

describe("balances of many accounts", () => {
  it("answers more accounts than D1 binds parameters in one statement", async () => {
    const ids = Array.from({ length: 150 }, (_, i) => 1000 + i);
    await db.batch(
      ids.map((id) => insertEntry(db, { ...base, bankAccountId: id, value: id })) as [any, ...any[]],
    );
    const balances = await balancesUpTo(db, ids, "2026-12-31");
    expect(balances.size).toBe(150);
    expect(balances.get(1149)).toBe(1149);
  });
});
