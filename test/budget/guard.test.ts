import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { guardedFetch, guardedRun, takeD1Overruns } from "../../src/platform/invocation-guard";
import { seedAccounts } from "../support/seed";

/** `count` D1 calls: one statement alone, the rest as one batch (a batch counts its statements). */
async function calls(database: D1Database, count: number) {
  await database.prepare("SELECT 1").first();
  if (count > 1) await database.batch(Array.from({ length: count - 1 }, () => database.prepare("SELECT 1")));
}

/** A queue binding that keeps what it is sent. */
const keptQueue = () => ({ send: async () => {}, sendBatch: async () => {} }) as unknown as Queue;

const request = () => new Request("http://demo.localhost/1.0/anything", { method: "POST" });

// Each test takes the overruns it caused itself (takeD1Overruns), so the suite-wide check
// (test/setup/d1-budget.ts) finds none left after it.

describe("the D1 budget of one invocation (D1_BUDGET=enforce, the test configuration)", () => {
  it("a request of exactly 1,000 D1 calls answers as the route does", async () => {
    const response = await guardedFetch(request(), env, async (counted) => {
      await calls(counted.DB_DEMO, 1000);
      return new Response("fine");
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("fine");
    expect(takeD1Overruns()).toEqual([]);
  });

  it("a request of 1,001 answers 500 naming the count and the route, and is recorded", async () => {
    const response = await guardedFetch(request(), env, async (counted) => {
      await calls(counted.DB_DEMO, 1);
      // a batch counts its statements; both accounts' databases count against the one limit
      await counted.DB_ACME.batch(Array.from({ length: 1000 }, () => counted.DB_ACME.prepare("SELECT 1")));
      return new Response("fine");
    });
    expect(response.status).toBe(500);
    const message =
      "D1 budget exceeded: 1001 D1 calls in one invocation (POST /1.0/anything), limit 1000: " +
      "1 single statements, 1 batches of 1000 statements";
    expect(await response.json()).toEqual({ errorMessage: message, code: "internal_error" });
    const taken = takeD1Overruns();
    expect(taken).toEqual([
      { work: "POST /1.0/anything", calls: { single: 1, batches: 1, batchStatements: 1000, total: 1001 } },
    ]);
  });

  it("a queue delivery or cron run above the limit throws, even when the run itself failed", async () => {
    const run = guardedRun(
      () => "queue finance-jobs: 1 messages (SkuTemplate job 7)",
      env,
      async (counted) => {
        await calls(counted.DB_DEMO, 1001);
        throw new Error("the job's own failure");
      },
    );
    await expect(run).rejects.toThrow(
      "D1 budget exceeded: 1001 D1 calls in one invocation (queue finance-jobs: 1 messages (SkuTemplate job 7))",
    );
    const taken = takeD1Overruns();
    expect(taken).toHaveLength(1);
    // within the limit, the run's own failure is what the caller sees
    await expect(
      guardedRun(
        () => "cron",
        env,
        async () => {
          throw new Error("the job's own failure");
        },
      ),
    ).rejects.toThrow("the job's own failure");
  });

  it("without D1_BUDGET nothing is wrapped nor counted (production)", async () => {
    const { D1_BUDGET: _, ...production } = env as typeof env & { D1_BUDGET?: string };
    let seen: unknown;
    await guardedRun(
      () => "cron",
      production,
      async (given) => {
        seen = given;
        await calls(given.DB_DEMO, 1001);
      },
    );
    expect(seen).toBe(production);
    expect(takeD1Overruns()).toEqual([]);
  });

  it("the Worker's entry counts a cron run over every account: 400 accounts of one database fail it", async () => {
    await seedAccounts();
    const accounts = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`conta${i}`, "DB_DEMO"]));
    const run = worker.scheduled(
      createScheduledController({ scheduledTime: Date.parse("2026-11-26T10:17:00Z"), cron: "17 * * * *" }),
      // queues that keep what they are sent: the 400 made-up accounts' sweeps are no one's work
      { ...env, TENANTS: JSON.stringify(accounts), JOBS: keptQueue(), EVENTS: keptQueue() },
    );
    await expect(run).rejects.toThrow(
      /D1 budget exceeded: \d+ D1 calls in one invocation \(cron 17 \* \* \* \*\)/,
    );
    const taken = takeD1Overruns();
    expect(taken[0]!.calls.total).toBeGreaterThan(1000);
  }, 120_000);
});
