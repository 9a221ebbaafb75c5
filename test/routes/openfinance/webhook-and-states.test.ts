import { beforeAll, describe, expect, it } from "vitest";
import { OPENFINANCE_MESSAGES } from "../../../src/domain/openfinance/messages";
import { fetchWorker } from "../../support/api";
import { errorsOfJob, linesOf } from "../../support/import-factories";
import { seedAccounts } from "../../support/seed";
import { jobRow, waitForJob } from "../../support/upload-factories";
import {
  CLIENT_ID,
  daysAgo,
  type FeedSetup,
  feedRow,
  feedSetup,
  type Session,
  session,
  syncNow,
  tx,
  webhookEvents,
} from "./support";

/**
 * The feed's states, the aggregator's faults and the month's budget, and the webhook route: each
 * over HTTP against the Pluggy double.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

async function webhook(
  setup: FeedSetup,
  body: Record<string, unknown>,
  secret: string | null = setup.secret,
) {
  const response = await fetchWorker(
    new Request(`http://demo.localhost/1.0/openfinance/webhook/${setup.integrationId}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(secret === null ? {} : { "X-Feed-Webhook-Secret": secret }),
      },
      body: JSON.stringify({ clientId: CLIENT_ID, ...body }),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("item states and faults", () => {
  it("a login error fails the sync with what the user must do, shown on the feed", async () => {
    const setup = await feedSetup(s);
    await setup.pluggy.loginError(setup.item);
    const job = await syncNow(s, setup);
    expect(job.Status).toBe("Failed");
    expect(job.FailureReason).toContain("widget");
    const feed = await s.api.get<{ State: string; UserAction: string | null; LastError: string | null }>(
      `/accounts/bank-account/${setup.bankAccountId}/feed`,
    );
    expect(feed.body).toMatchObject({ State: "login_error" });
    expect(feed.body.UserAction).toContain("widget");
    expect(await linesOf(setup.bankAccountId)).toEqual([]);
  });

  it("a 429 fails the job with its reason, once, and the feed waits; a 5xx or garbage fails with a reason", async () => {
    const setup = await feedSetup(s);
    await setup.pluggy.addTransactions([tx(setup, { amount: 5, day: daysAgo(1) })]);
    await setup.pluggy.faults([{ on: "transactions", mode: "429", retryAfter: "60", rateLimitReset: "120" }]);
    const limited = await syncNow(s, setup);
    expect(limited.Status).toBe("Failed");
    expect(limited.FailureReason).toMatch(/429|limite|requisições/i);
    const transactionsAsked = (await setup.pluggy.requests()).filter((r) =>
      r.path.endsWith("/v2/transactions"),
    );
    expect(transactionsAsked).toHaveLength(1); // never retried in a loop
    const row = await feedRow(setup.bankAccountId);
    expect(row!.retryAfter).not.toBeNull();
    // while it waits, a sync asks nothing of the aggregator
    const waiting = await syncNow(s, setup);
    expect(waiting).toMatchObject({
      Status: "Failed",
      FailureReason: OPENFINANCE_MESSAGES.waitRateLimit(row!.retryAfter!),
    });
    expect((await setup.pluggy.requests()).filter((r) => r.path.endsWith("/v2/transactions"))).toHaveLength(
      1,
    );

    const other = await feedSetup(s);
    await other.pluggy.faults([{ on: "transactions", mode: "503" }]);
    const down = await syncNow(s, other);
    expect(down.Status).toBe("Failed");
    expect(down.FailureReason).toBeTruthy();
    await other.pluggy.faults([{ on: "transactions", mode: "garbage" }]);
    const garbage = await syncNow(s, other);
    expect(garbage.Status).toBe("Failed");
    expect((await feedRow(other.bankAccountId))!.lastError).toBe(garbage.FailureReason);
    expect(await linesOf(other.bankAccountId)).toEqual([]);
  });

  it("the manual sync spends one refresh of the month's budget, shows what is left, and never spends it on a failure's retry", async () => {
    const setup = await feedSetup(s);
    const before = await s.api.get<{ Budget: { Narrow: { Left: number; Spent: number } } }>(
      `/accounts/bank-account/${setup.bankAccountId}/feed`,
    );
    const left = before.body.Budget.Narrow.Left;
    expect(before.body.Budget.Narrow.Spent).toBe(0);
    const job = await syncNow(s, setup);
    expect(job.Result).toMatchObject({ refreshAsked: 1, budgetNarrowLeft: left - 1 });
    const patches = (await setup.pluggy.requests()).filter((r) => r.method === "PATCH");
    expect(patches).toHaveLength(1);
    // a refresh that fails is not asked again by the same job
    await setup.pluggy.faults([
      { on: "api", mode: "pass" },
      { on: "api", mode: "pass" },
      { on: "api", mode: "500" },
    ]);
    const failed = await syncNow(s, setup);
    expect(failed.Status).toBe("Failed");
    expect((await setup.pluggy.requests()).filter((r) => r.method === "PATCH")).toHaveLength(2);
    const after = await s.api.get<{ Budget: { Narrow: { Left: number; Spent: number } } }>(
      `/accounts/bank-account/${setup.bankAccountId}/feed`,
    );
    expect(after.body.Budget.Narrow).toMatchObject({ Spent: 2, Left: left - 2 });
  });

  it("an exhausted budget skips the refresh with its reason and still reads the aggregator's copy", async () => {
    const setup = await feedSetup(s);
    const { bankFeeds } = await import("../../../drizzle/schema");
    const { db } = await import("../../support/import-factories");
    const { eq } = await import("drizzle-orm");
    const month = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7);
    await db()
      .update(bankFeeds)
      .set({ budgetMonth: month, budgetNarrow: 116 })
      .where(eq(bankFeeds.bankAccountId, setup.bankAccountId));
    await setup.pluggy.addTransactions([tx(setup, { amount: 7, day: daysAgo(1) })]);
    const job = await syncNow(s, setup);
    expect(job).toMatchObject({
      Status: "Done",
      Result: expect.objectContaining({ refreshSkipped: 1, imported: 1, budgetNarrowLeft: 0 }),
    });
    expect((await errorsOfJob(job.IDJob)).map((e) => e.message).join()).toContain(
      "limite mensal do Open Finance esgotado",
    );
    expect((await setup.pluggy.requests()).filter((r) => r.method === "PATCH")).toHaveLength(0);
  });
});

describe("POST /openfinance/webhook/{id}", () => {
  it("refuses a wrong or missing secret with 401 and writes nothing", async () => {
    const setup = await feedSetup(s);
    const event = {
      event: "transactions/created",
      eventId: "ev-1",
      itemId: setup.item,
      accountId: setup.accountId,
      transactionsCreatedAtFrom: new Date().toISOString(),
    };
    expect((await webhook(setup, event, null)).status).toBe(401);
    expect((await webhook(setup, event, `${setup.secret}x`)).status).toBe(401);
    expect((await webhook(setup, event, setup.secret.slice(0, 20))).status).toBe(401);
    expect(await webhookEvents(setup.integrationId)).toEqual([]);
  });

  it("queues a sync for the feed, ignores a replayed eventId, and the sync writes the movement once", async () => {
    const setup = await feedSetup(s);
    const movement = tx(setup, { amount: 42.5, day: daysAgo(1) });
    await setup.pluggy.addTransactions([movement]);
    const event = {
      event: "transactions/created",
      eventId: `ev-created-${setup.n}`,
      itemId: setup.item,
      accountId: setup.accountId,
      transactionsCreatedAtFrom: new Date(Date.now() - 60_000).toISOString(),
    };
    const first = await webhook(setup, event);
    expect(first).toMatchObject({ status: 200, body: { State: "queued", Reason: null } });
    const job = await waitForJob(s.token, first.body.IDJobs[0], 30_000);
    expect(job).toMatchObject({
      Type: "OpenFinanceSync",
      Status: "Done",
      Params: { IDBankAccount: setup.bankAccountId, Refresh: 0 },
    });
    const replay = await webhook(setup, event);
    expect(replay).toMatchObject({ status: 200, body: { State: "replayed", IDJobs: [] } });
    expect(await webhookEvents(setup.integrationId)).toHaveLength(1);
    expect((await linesOf(setup.bankAccountId)).map((l) => l.feedTransactionId)).toEqual([movement.id]);
  });

  it("an item or account no feed of the integration reads is refused with a stored reason; another event is ignored", async () => {
    const setup = await feedSetup(s);
    const other = await webhook(setup, {
      event: "item/updated",
      eventId: `ev-item-${setup.n}`,
      itemId: "item-of-someone-else",
    });
    expect(other.body).toMatchObject({
      State: "refused",
      Reason: OPENFINANCE_MESSAGES.webhookUnknownItem("item-of-someone-else"),
    });
    const account = await webhook(setup, {
      event: "transactions/updated",
      eventId: `ev-acc-${setup.n}`,
      itemId: setup.item,
      accountId: "acc-not-ours",
      transactionIds: ["t1"],
    });
    expect(account.body).toMatchObject({ State: "refused" });
    const ignored = await webhook(setup, {
      event: "connector/status_updated",
      eventId: `ev-conn-${setup.n}`,
    });
    expect(ignored.body).toMatchObject({ State: "ignored" });
    const stored = await webhookEvents(setup.integrationId);
    expect(stored.map((e) => [e.state, e.reason !== null]).sort()).toEqual([
      ["ignored", true],
      ["refused", true],
      ["refused", true],
    ]);
    expect(stored.every((e) => e.jobId === null)).toBe(true);
    // another application's notification is refused whole
    const foreign = await webhook(setup, {
      event: "item/updated",
      eventId: "ev-foreign",
      itemId: setup.item,
      clientId: "someone-else",
    });
    expect(foreign.status).toBe(400);
  });

  it("the item's login error arrives as item/error and its sync shows the state", async () => {
    const setup = await feedSetup(s);
    await setup.pluggy.loginError(setup.item);
    const answer = await webhook(setup, {
      event: "item/error",
      eventId: `ev-login-${setup.n}`,
      itemId: setup.item,
      error: { code: "INVALID_CREDENTIALS", message: "Invalid credentials." },
    });
    expect(answer.body).toMatchObject({ State: "queued" });
    const job = await waitForJob(s.token, answer.body.IDJobs[0], 30_000);
    expect(job.Status).toBe("Failed");
    expect((await feedRow(setup.bankAccountId))!.state).toBe("login_error");
    expect((await jobRow(job.IDJob))!.failureReason).toBe(job.FailureReason);
  });
});
