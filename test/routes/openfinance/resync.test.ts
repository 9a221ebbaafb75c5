import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { syncJobParams } from "../../../src/domain/openfinance/sync";
import { countedEnv, noCalls } from "../../support/d1-counter";
import { seedAccounts } from "../../support/seed";
import { deliver, jobMessage, jobRow, storedJob, utf8 } from "../../support/upload-factories";
import { daysAgo, feedRow, feedSetup, type Session, session, statement, syncNow, tx } from "./support";

/**
 * The sync that finds nothing new (the daily re-sync the aggregator's `item/updated` triggers): its
 * result, what it asks the aggregator, and what it costs D1 in its invocation.
 */

let s: Session;
beforeAll(async () => {
  await seedAccounts();
  s = await session();
});

describe("a sync that finds nothing new", () => {
  it("answers the same counts with one read of the feed, one of the lines, one progress write and one end batch", async () => {
    const setup = await feedSetup(s);
    await setup.pluggy.addTransactions([
      tx(setup, { amount: 120.5, day: daysAgo(1) }),
      tx(setup, { amount: -33.1, day: daysAgo(2) }),
      tx(setup, { amount: 9.99, day: daysAgo(3), status: "PENDING" }),
    ]);
    const first = await syncNow(s, setup);
    expect(first.Status, JSON.stringify(first)).toBe("Done");
    const before = (await setup.pluggy.requests()).length;

    // the schedule's and the webhook's sync (Refresh 0), delivered with its D1 calls counted
    const jobId = await storedJob(utf8(crypto.randomUUID()), {
      type: "OpenFinanceSync",
      route: "openfinance-sync",
      params: syncJobParams(setup.bankAccountId, false),
    });
    const calls = noCalls();
    await deliver([{ body: jobMessage(jobId, "OpenFinanceSync") }], "finance-jobs", countedEnv(env, calls));
    const job = await jobRow(jobId);
    expect(job?.status, job?.failureReason ?? "").toBe("Done");
    expect(JSON.parse(job?.result ?? "{}")).toMatchObject({
      read: 3,
      imported: 0,
      posted: 0,
      updated: 0,
      unchanged: 3,
      autoReconciled: 0,
      pending: 0,
      refreshAsked: 0,
    });
    // the job's row read and claimed, the feed with its account, integration and key (one query),
    // the feed's lines and its standing lines of the window, the progress, the feed's state and the
    // counts, the job's end: no rule read, no credit looked for, no key read on its own
    expect(calls.total, JSON.stringify(calls)).toBeLessThanOrEqual(11);

    // the item, its consents and the window's page: once each, and no new API key
    const asked = (await setup.pluggy.requests()).slice(before).map((r) => `${r.method} ${r.path}`);
    expect(asked.sort()).toEqual(
      [`GET /consents`, `GET /items/${encodeURIComponent(setup.item)}`, "GET /v2/transactions"].sort(),
    );
    expect((await statement(s, setup.bankAccountId)).map((l) => l.Value).sort()).toEqual(
      [-33.1, 9.99, 120.5].sort(),
    );
    expect((await feedRow(setup.bankAccountId))?.lastJobId).toBe(jobId);
  });
});
