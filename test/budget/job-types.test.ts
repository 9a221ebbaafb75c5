import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CHUNKS_PER_INVOCATION } from "../../src/domain/jobs/budget";
import type { JobType } from "../../src/domain/jobs/job-message";
import { JOBS } from "../../src/jobs";
import { countedEnv, D1_QUERIES_PER_INVOCATION, type D1Calls, noCalls } from "../../src/platform/d1-counter";
import { cnpjOf, nfeXml } from "../fixtures/nfe/generate";
import { JOB_SAMPLES } from "../support/job-samples";
import { useSeed } from "../support/replay";
import { seedAccounts } from "../support/seed";
import { deliver, jobMessage, jobRow, storedJob, utf8 } from "../support/upload-factories";

/**
 * Every registered job type inside D1's 1,000 calls per invocation at its heaviest: three sample
 * jobs of the type (each more than two full chunks long, test/support/job-samples.ts) in one queue
 * batch, so the consumer's `CHUNKS_PER_INVOCATION` (6) chunks of the invocation are all full chunks
 * of that type (two each, the fair share); then the batches that finish them. The calls are counted
 * as D1's limit counts them (a batch is as many queries as statements); the Worker's entry counts
 * them too and would fail the delivery above the limit (test/setup/d1-budget.ts).
 */

useSeed();
beforeAll(seedAccounts);

const SAMPLES_PER_BATCH = 3;

const types = Object.keys(JOBS) as JobType[];

describe.each(types)("%s at its largest chunks", (type) => {
  it(`${CHUNKS_PER_INVOCATION} full chunks in one invocation stay within ${D1_QUERIES_PER_INVOCATION} D1 calls`, async () => {
    const sample = JOB_SAMPLES[type];
    expect(sample, `${type} has no sample job in test/support/job-samples.ts`).toBeDefined();
    const jobIds: number[] = [];
    for (let i = 0; i < SAMPLES_PER_BATCH; i++) jobIds.push(await sample!());
    const invocations: D1Calls[] = [];
    let pending = jobIds;
    for (let round = 0; round < 10 && pending.length > 0; round++) {
      const calls = noCalls();
      await deliver(
        pending.map((jobId) => ({ body: jobMessage(jobId, type) })),
        "finance-jobs",
        countedEnv(env, calls),
      );
      invocations.push(calls);
      const rows = await Promise.all(pending.map((jobId) => jobRow(jobId)));
      pending = pending.filter((_, i) => rows[i]?.status !== "Done" && rows[i]?.status !== "Failed");
    }
    const highest = Math.max(...invocations.map((c) => c.total));
    console.log(
      `${type}: D1 calls per invocation ${invocations.map((c) => c.total).join(", ")} ` +
        `(first: ${invocations[0]!.single} alone + ${invocations[0]!.batchStatements} in ${invocations[0]!.batches} batches)`,
    );
    expect(pending).toEqual([]);
    for (const jobId of jobIds) expect(await jobRow(jobId)).toMatchObject({ status: "Done" });
    expect(highest).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
  });
});

/** The NF-e layout's most items (nItem 1 to 990): one document is one chunk of the NFeXML job. */
const NFE_MAX_ITEMS = 990;

describe("NFeXML of the largest NF-e", () => {
  it(`an NF-e of ${NFE_MAX_ITEMS} items, half matched to SKUs by EAN, in one invocation within the limit`, async () => {
    const prefix = crypto.randomUUID().slice(0, 8);
    const eanBase = 7_100_000_000_000 + Math.floor(Math.random() * 900_000) * 1000;
    await env.DB_DEMO.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO products (company_id, code, name, ean) SELECT 1, ?1 || '-' || i, 'NF-e ' || i, CAST(CAST(?3 AS INTEGER) + i AS TEXT) FROM n`,
    )
      .bind(prefix, NFE_MAX_ITEMS / 2, String(eanBase))
      .run();
    const xml = nfeXml({
      issuerCnpj: cnpjOf(String(Math.floor(Math.random() * 1e12)).padStart(12, "0")),
      recipientCnpj: "11222333000181",
      number: Math.floor(Math.random() * 999_999_999) + 1,
      items: Array.from({ length: NFE_MAX_ITEMS }, (_, k) => ({
        code: `${prefix}-${k}`,
        ean: String(eanBase + k + 1),
        description: `Item ${k}`,
        quantity: "1.0000",
        unitValue: "10.0000000000",
      })),
    });
    const jobId = await storedJob(utf8(xml), { type: "NFeXML", route: "job" });
    const calls = noCalls();
    await deliver([{ body: jobMessage(jobId, "NFeXML") }], "finance-jobs", countedEnv(env, calls));
    console.log(`NFeXML of ${NFE_MAX_ITEMS} items: ${JSON.stringify(calls)}`);
    expect(await jobRow(jobId)).toMatchObject({ status: "Done", processed: NFE_MAX_ITEMS });
    expect(calls.total).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
  });
});
