import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bankLines, conciliationLinks, reconciliationAudit } from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import { insertEntry, newUid } from "../../src/db/ledger";
import type { Statement } from "../../src/db/sql";
import { planFeedChanges } from "../../src/domain/statement/feed-changes";
import { seedAccounts } from "../support/seed";

/**
 * A bank feed's deletions and creations on its lines (`planFeedChanges`, the function the feed's sync
 * calls with the ids the aggregator deleted and the transactions it is about to write): a re-created
 * movement keeps its first line and reconciliation; a deletion alone removes a pending line and
 * withdraws a posted one, its reconciliation kept and audited.
 */

const db = drizzleFor(env.DB_DEMO);
let account = 500;
beforeAll(seedAccounts);

async function feedLine(
  bankAccountId: number,
  id: string,
  over: Partial<typeof bankLines.$inferInsert> = {},
) {
  const [row] = await db
    .insert(bankLines)
    .values({
      companyId: 1,
      bankAccountId,
      date: "2026-11-10",
      value: -4590,
      description: "TARIFA PACOTE SERVICOS",
      dedupeKey: `of:${id}`,
      origin: "OpenFinance",
      feedTransactionId: id,
      ...over,
    })
    .returning({ id: bankLines.id });
  return row!.id;
}

/** The line reconciled with an entry posted for it (status 3, wholly). */
async function reconcile(lineId: number, bankAccountId: number) {
  const uid = newUid();
  await db.batch([
    insertEntry(
      db,
      {
        companyId: 1,
        bankAccountId,
        typeAccount: 1,
        value: 4590,
        date: "2026-11-10 00:00:00",
        description: "Tarifa",
        origin: "reconciliation",
      },
      uid,
    ),
  ]);
  const entry = await env.DB_DEMO.prepare("SELECT id FROM bank_statements WHERE uid = ?1")
    .bind(uid)
    .first<{ id: number }>();
  await db
    .insert(conciliationLinks)
    .values({ companyId: 1, entryId: entry!.id, bankLineId: lineId, postedByLink: 1 });
  await db.update(bankLines).set({ statusId: 3, reconciledValue: 4590 }).where(eq(bankLines.id, lineId));
}

const run = async (statements: Statement[]) => {
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
};
const line = (id: number) => db.select().from(bankLines).where(eq(bankLines.id, id)).get();

describe("planFeedChanges", () => {
  it("a deletion re-created with a new id keeps the first line, its reconciliation, and takes the new id and date", async () => {
    const bankAccountId = ++account;
    const first = await feedLine(bankAccountId, "tx-1");
    await reconcile(first, bankAccountId);
    const plan = await planFeedChanges(
      db,
      { companyId: 1, bankAccountId },
      ["tx-1"],
      [
        {
          id: "tx-2",
          bankAccountId,
          date: "2026-11-12",
          value: -4590,
          description: "Tarifa pacote serviços",
          pending: false,
        },
        { id: "tx-3", bankAccountId, date: "2026-11-12", value: -100, description: "IOF", pending: false },
      ],
    );
    expect(plan.counts).toEqual({ renamed: 1, removed: 0, withdrawn: 0 });
    expect(plan.toCreate.map((c) => c.id)).toEqual(["tx-3"]);
    await run(plan.statements);
    expect(await line(first)).toMatchObject({
      feedTransactionId: "tx-2",
      date: "2026-11-12",
      statusId: 3,
      reconciledValue: 4590,
      withdrawnAt: null,
    });
    expect(
      await db.select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, first)),
    ).toHaveLength(1);
  });

  it("a deletion alone: a pending line is removed, a posted one withdrawn with its reconciliation kept and audited", async () => {
    const bankAccountId = ++account;
    const pending = await feedLine(bankAccountId, "tx-p", { pending: 1, description: "COMPRA CARTAO" });
    const posted = await feedLine(bankAccountId, "tx-q");
    await reconcile(posted, bankAccountId);
    const plan = await planFeedChanges(
      db,
      { companyId: 1, bankAccountId },
      ["tx-p", "tx-q", "tx-unknown"],
      [],
    );
    expect(plan.counts).toEqual({ renamed: 0, removed: 1, withdrawn: 1 });
    await run(plan.statements);
    expect(await line(pending)).toBeUndefined();
    expect(await line(posted)).toMatchObject({
      statusId: 3,
      reconciledValue: 4590,
      withdrawnAt: expect.any(String),
    });
    const audit = await db
      .select()
      .from(reconciliationAudit)
      .where(eq(reconciliationAudit.bankLineId, posted));
    expect(audit.map((a) => a.action)).toEqual(["withdrawn"]);
    // Deleted again (a webhook replayed): nothing more.
    const again = await planFeedChanges(db, { companyId: 1, bankAccountId }, ["tx-q"], []);
    await run(again.statements);
    expect(
      await db.select().from(reconciliationAudit).where(eq(reconciliationAudit.bankLineId, posted)),
    ).toHaveLength(1);
  });

  it("a creation that comes after the deletion was applied re-creates the withdrawn line", async () => {
    const bankAccountId = ++account;
    const posted = await feedLine(bankAccountId, "tx-a");
    await run((await planFeedChanges(db, { companyId: 1, bankAccountId }, ["tx-a"], [])).statements);
    expect((await line(posted))!.withdrawnAt).not.toBeNull();
    const plan = await planFeedChanges(
      db,
      { companyId: 1, bankAccountId },
      [],
      [
        {
          id: "tx-b",
          bankAccountId,
          date: "2026-11-11",
          value: -4590,
          description: "TARIFA PACOTE SERVICOS",
          pending: false,
        },
      ],
    );
    expect(plan).toMatchObject({ counts: { renamed: 1 }, toCreate: [] });
    await run(plan.statements);
    expect(await line(posted)).toMatchObject({ feedTransactionId: "tx-b", withdrawnAt: null });
  });

  it("two identical deletions and one creation: nothing merged by guess", async () => {
    const bankAccountId = ++account;
    const a = await feedLine(bankAccountId, "tx-x");
    const b = await feedLine(bankAccountId, "tx-y");
    const plan = await planFeedChanges(
      db,
      { companyId: 1, bankAccountId },
      ["tx-x", "tx-y"],
      [
        {
          id: "tx-z",
          bankAccountId,
          date: "2026-11-10",
          value: -4590,
          description: "TARIFA PACOTE SERVICOS",
          pending: false,
        },
      ],
    );
    expect(plan.counts).toEqual({ renamed: 0, removed: 0, withdrawn: 2 });
    expect(plan.toCreate.map((c) => c.id)).toEqual(["tx-z"]);
    await run(plan.statements);
    expect((await line(a))!.withdrawnAt).not.toBeNull();
    expect((await line(b))!.withdrawnAt).not.toBeNull();
  });
});
