import { createScheduledController, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { countedEnv, D1_QUERIES_PER_INVOCATION, noCalls } from "../../src/platform/d1-counter";
import { newChannelIntegration } from "../support/hub-factories";
import { pixIntegrationWithPsp } from "../support/pix-inbox-factories";
import { companyOneApi } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";

/**
 * The hourly cron of an account with many integrations, inside D1's 1,000 calls: it queues one pull
 * per authenticated channel integration and one poll per configured Pix integration, each a job row
 * of its own (one INSERT each), besides a few calls per account (the upload sweep, the two lists).
 * Measured: 150 of each in one account make 306 calls = 6 for the account + 1 per integration, so
 * one cron run stays within D1's 1,000 up to about 990 integrations over all accounts together
 * (each account adds its 6).
 */

beforeAll(seedAccounts);

const INTEGRATIONS = 150;

/** Columns of a unique index besides the key: each copy gets its own value. */
const UNIQUE = new Set(["webhook_secret_hash"]);

/** A copy of row `id` of `table` (keyed by `key`) under `newId`, every other column as it is. */
async function copyRow(table: string, key: string, id: number, newId: number) {
  const { results } = await env.DB_DEMO.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>();
  const others = results.map((c) => c.name).filter((name) => name !== key);
  const values = others.map((name) => (UNIQUE.has(name) ? `${name} || '-' || ?2` : name));
  await env.DB_DEMO.prepare(
    `INSERT INTO ${table} (${key}, ${others.join(", ")}) SELECT ?2, ${values.join(", ")} FROM ${table} WHERE ${key} = ?1`,
  )
    .bind(id, newId)
    .run();
}

/** `count - 1` more integrations like `id` (the registry row and its own row in `table`). */
async function copies(id: number, table: string, count: number) {
  for (let i = 1; i < count; i++) {
    const row = await env.DB_DEMO.prepare(
      "INSERT INTO company_integrations (company_id, description, kind, status) SELECT company_id, description || ?2, kind, status FROM company_integrations WHERE id = ?1 RETURNING id",
    )
      .bind(id, ` ${i}`)
      .first<{ id: number }>();
    await copyRow(table, "company_integration_id", id, row!.id);
  }
}

describe("the hourly cron of an account with many integrations", () => {
  it(`${INTEGRATIONS} channel and ${INTEGRATIONS} Pix integrations: every job queued, within D1's limit`, async () => {
    const channel = await newChannelIntegration(await companyOneApi());
    const pix = await pixIntegrationWithPsp();
    await copies(channel.IDCompanyIntegration, "hub_integrations", INTEGRATIONS);
    await copies(pix.integrationId, "pix_integrations", INTEGRATIONS);
    // the jobs are counted as sent, not run: their consumers have tests of their own (job-types)
    const sent: unknown[] = [];
    const jobsQueue = {
      send: async (body: unknown) => void sent.push(body),
      sendBatch: async (messages: { body: unknown }[]) => void sent.push(...messages.map((m) => m.body)),
    };
    const calls = noCalls();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.UTC(2026, 10, 26, 10, 17), cron: "17 * * * *" }),
      countedEnv({ ...env, JOBS: jobsQueue as unknown as Queue }, calls),
    );
    console.log(`cron, ${INTEGRATIONS} + ${INTEGRATIONS} integrations: ${JSON.stringify(calls)}`);
    const types = sent.map((body) => (body as { type: string }).type);
    // every integration of the account, those of an earlier attempt of this test included
    const count = async (sql: string) => (await env.DB_DEMO.prepare(sql).first<{ n: number }>())!.n;
    const channels = await count(
      "SELECT count(*) AS n FROM hub_integrations WHERE auth_state = 'Authenticated'",
    );
    const pixes = await count(
      "SELECT count(*) AS n FROM pix_integrations WHERE base_url IS NOT NULL AND credentials IS NOT NULL",
    );
    expect(channels).toBeGreaterThanOrEqual(INTEGRATIONS);
    expect(types.filter((t) => t === "HubOrderPull")).toHaveLength(channels);
    expect(types.filter((t) => t === "PixReceivedPoll")).toHaveLength(pixes);
    expect(calls.total).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
  }, 180_000);
});
