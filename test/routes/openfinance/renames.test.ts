import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conciliationLinks, reconciliationAudit } from "../../../drizzle/schema";
import { fetchWorker } from "../../support/api";
import { db, linesOf, rule, title, titleRow } from "../../support/import-factories";
import { invariantViolations } from "../../support/invariants";
import { seedAccounts } from "../../support/seed";
import { type JobBody, waitForJob } from "../../support/upload-factories";
import {
  CLIENT_ID,
  daysAgo,
  type FeedSetup,
  feedSetup,
  type Session,
  session,
  statement,
  syncNow,
  tx,
} from "./support";

/**
 * Renamed and withdrawn movements (docs/OPEN-FINANCE.md) over HTTP against the Pluggy double: the
 * aggregator deletes a movement and creates it again with a new id (seen by a sync, or announced by
 * its webhooks), and the first line stays with its reconciliation; a deletion alone removes a pending
 * line and marks a posted one withdrawn by the bank, its reconciliation kept for a person.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

const linksOf = (lineId: number) =>
  db().select().from(conciliationLinks).where(eq(conciliationLinks.bankLineId, lineId));

/** A feed whose posted credit `description` of `cents` is reconciled by a rule with an open title. */
async function reconciledFeed(description: string) {
  const setup = await feedSetup(s);
  const cents = 41_000 + setup.n;
  const titleId = await title({ value: cents, dueDate: daysAgo(5) });
  await rule(s, {
    IDBankAccount: setup.bankAccountId,
    IDTypeRule: 1,
    IDTypeAccount: 0,
    Description: description,
  });
  return { setup, cents, titleId };
}

async function webhook(setup: FeedSetup, body: Record<string, unknown>) {
  const response = await fetchWorker(
    new Request(`http://demo.localhost/1.0/openfinance/webhook/${setup.integrationId}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Feed-Webhook-Secret": setup.secret },
      body: JSON.stringify({ clientId: CLIENT_ID, ...body }),
    }),
  );
  return { status: response.status, body: (await response.json()) as { State: string; IDJobs: number[] } };
}

describe("a movement deleted and created again with a new id", () => {
  it("seen by a sync: the first line stays, reconciled, and takes the new id and date", async () => {
    const { setup, cents, titleId } = await reconciledFeed("PIX VENDA BALCAO");
    const first = tx(setup, { amount: cents / 100, day: daysAgo(4), description: "PIX VENDA BALCAO" });
    await setup.pluggy.addTransactions([first]);
    const synced = await syncNow(s, setup);
    expect(synced.Result).toMatchObject({ imported: 1, autoReconciled: 1 });
    const [line] = await statement(s, setup.bankAccountId);
    expect(line).toMatchObject({ IDTypeStatusConciliation: 2, FeedTransactionId: first.id });
    const links = await linksOf(line!.IDBankStatementConciliation);
    expect(links).toHaveLength(1);

    // the aggregator re-dates it a day later under a new id (accents and case of the text aside)
    const renamed = await setup.pluggy.recreate(first.id, {
      id: `${first.id}-new`,
      date: `${daysAgo(3)}T03:00:00.000Z`,
      description: "Pix Venda Balcão",
    });
    expect(renamed.transaction.id).toBe(`${first.id}-new`);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ imported: 0, renamed: 1, removed: 0, withdrawn: 0 });

    const lines = await statement(s, setup.bankAccountId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      IDBankStatementConciliation: line!.IDBankStatementConciliation,
      FeedTransactionId: `${first.id}-new`,
      Date: daysAgo(3),
      IDTypeStatusConciliation: 2,
      WithdrawnAt: null,
    });
    expect(await linksOf(line!.IDBankStatementConciliation)).toEqual(links);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });

    // read again: nothing moves
    const again = await syncNow(s, setup);
    expect(again.Result).toMatchObject({ imported: 0, renamed: 0, unchanged: 1 });
    expect(await linesOf(setup.bankAccountId)).toHaveLength(1);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("announced by the webhooks: a pending line re-created posted stays the same line, posts, and the rules reconcile it", async () => {
    const { setup, cents, titleId } = await reconciledFeed("PIX VENDA SITE");
    const first = tx(setup, {
      amount: cents / 100,
      day: daysAgo(2),
      description: "PIX VENDA SITE",
      status: "PENDING",
    });
    await setup.pluggy.addTransactions([first]);
    expect((await syncNow(s, setup)).Result).toMatchObject({ imported: 1, autoReconciled: 0 });
    const [line] = await statement(s, setup.bankAccountId);
    expect(line).toMatchObject({ Pending: true, IDTypeStatusConciliation: 1 });

    const renamed = await setup.pluggy.recreate(first.id, {
      date: `${daysAgo(1)}T03:00:00.000Z`,
      status: "POSTED",
    });
    const deleted = await webhook(setup, {
      event: "transactions/deleted",
      eventId: `ev-del-${setup.n}`,
      itemId: setup.item,
      accountId: setup.accountId,
      transactionIds: [first.id],
    });
    const created = await webhook(setup, {
      event: "transactions/created",
      eventId: `ev-new-${setup.n}`,
      itemId: setup.item,
      accountId: setup.accountId,
      transactionsCreatedAtFrom: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(deleted).toMatchObject({ status: 200, body: { State: "queued" } });
    expect(created).toMatchObject({ status: 200, body: { State: "queued" } });
    const jobs: JobBody[] = [];
    for (const id of new Set([...deleted.body.IDJobs, ...created.body.IDJobs]))
      jobs.push(await waitForJob(s.token, id, 30_000));
    for (const job of jobs) expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    const total = (field: string) =>
      jobs.reduce((sum, job) => sum + Number((job.Result as Record<string, number>)[field] ?? 0), 0);
    expect([total("renamed"), total("imported"), total("posted"), total("removed")]).toEqual([1, 0, 1, 0]);

    const lines = await statement(s, setup.bankAccountId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      IDBankStatementConciliation: line!.IDBankStatementConciliation,
      FeedTransactionId: renamed.transaction.id,
      Pending: false,
      Date: daysAgo(1),
      IDTypeStatusConciliation: 2,
    });
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("a deletion alone", () => {
  it("removes a pending line, marks a posted one withdrawn with its reconciliation kept and audited", async () => {
    const { setup, cents, titleId } = await reconciledFeed("PIX VENDA FEIRA");
    const posted = tx(setup, { amount: cents / 100, day: daysAgo(3), description: "PIX VENDA FEIRA" });
    const pending = tx(setup, {
      amount: -19.9,
      day: daysAgo(1),
      description: "COMPRA CARTAO",
      status: "PENDING",
    });
    const kept = tx(setup, { amount: -5, day: daysAgo(2), description: "TARIFA" });
    await setup.pluggy.addTransactions([posted, pending, kept]);
    expect((await syncNow(s, setup)).Result).toMatchObject({ imported: 3, autoReconciled: 1 });
    const before = await statement(s, setup.bankAccountId);
    const postedLine = before.find((l) => l.FeedTransactionId === posted.id)!;
    expect(postedLine).toMatchObject({ IDTypeStatusConciliation: 2, WithdrawnAt: null });

    await setup.pluggy.remove(posted.id);
    await setup.pluggy.remove(pending.id);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({ Status: "Done", FailureReason: null });
    expect(job.Result).toMatchObject({ imported: 0, renamed: 0, removed: 1, withdrawn: 1 });

    const after = await statement(s, setup.bankAccountId);
    expect(after.map((l) => l.FeedTransactionId).sort()).toEqual([kept.id, posted.id].sort());
    const withdrawn = after.find((l) => l.FeedTransactionId === posted.id)!;
    expect(withdrawn).toMatchObject({
      IDBankStatementConciliation: postedLine.IDBankStatementConciliation,
      IDTypeStatusConciliation: 2,
    });
    expect(withdrawn.WithdrawnAt).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(after.find((l) => l.FeedTransactionId === kept.id)).toMatchObject({ WithdrawnAt: null });
    expect(await linksOf(postedLine.IDBankStatementConciliation)).toHaveLength(1);
    expect(await titleRow(titleId)).toMatchObject({ openValue: 0, status: 3 });
    const audit = await db()
      .select()
      .from(reconciliationAudit)
      .where(
        and(
          eq(reconciliationAudit.bankLineId, postedLine.IDBankStatementConciliation),
          eq(reconciliationAudit.action, "withdrawn"),
        ),
      );
    expect(audit).toHaveLength(1);

    // read again: the withdrawn line stays as it is, nothing is removed or audited twice
    const again = await syncNow(s, setup);
    expect(again.Result).toMatchObject({ removed: 0, withdrawn: 0, renamed: 0 });
    expect(await linesOf(setup.bankAccountId)).toHaveLength(2);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
