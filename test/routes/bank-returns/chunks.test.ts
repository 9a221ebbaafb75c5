import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RETURN_RECORDS_PER_CHUNK } from "../../../src/domain/bank-returns/import-job";
import type { SampleRecord } from "../../fixtures/cnab/generate";
import { countedEnv, D1_QUERIES_PER_INVOCATION, noCalls } from "../../support/d1-counter";
import { seedAccounts } from "../../support/seed";
import { deliver, jobMessage, jobRow, storedJob } from "../../support/upload-factories";
import {
  entriesOf,
  freshNumber,
  historyOf,
  liquidation,
  paidEventsOf,
  returnAccount,
  returnBytes,
  titleRow,
} from "./support";

/**
 * A return longer than one chunk (RETURN_RECORDS_PER_CHUNK records): a title whose occurrences fall
 * on both sides of a chunk boundary, a line repeated across it, a delivery killed after its first
 * chunk and delivered again. The titles are seeded as one set (thousands of them), the file goes
 * through the job queue as a stored job.
 */

beforeAll(seedAccounts);

const itau = (n: number) => `${String(n).padStart(8, "0")}${n % 10}`;
const VALUE = 10_000;

/** `count` open receivables of company 1 on `account`, nosso números `first`..; answers their ids by number. */
async function seedTitles(account: number, first: number, count: number): Promise<Map<number, number>> {
  await env.DB_DEMO.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, bank_account_id, nosso_numero)
     SELECT 1, 0, 'Boleto ' || (CAST(?1 AS INTEGER) + i), ?4, ?4, '2026-02-20', ?3, CAST(CAST(?1 AS INTEGER) + i AS TEXT) FROM n`,
  )
    .bind(first, count, account, VALUE)
    .run();
  const rows = await env.DB_DEMO.prepare(
    "SELECT id, nosso_numero AS n FROM titles WHERE bank_account_id = ?1 AND nosso_numero IS NOT NULL",
  )
    .bind(account)
    .all<{ id: number; n: string }>();
  return new Map(rows.results.map((r) => [Number(r.n), r.id]));
}

/** The account's day totals (the trigger's) against the sums of its entries, day by day. */
async function dayTotalsAgainstEntries(account: number) {
  const rows = await env.DB_DEMO.prepare(
    `SELECT d.day, d.inflow, d.outflow, d.entries,
       (SELECT coalesce(sum(CASE WHEN type_account = 0 THEN value END), 0) FROM bank_statements e
        WHERE e.bank_account_id = d.bank_account_id AND substr(e.date, 1, 10) = d.day) AS inflowOfEntries,
       (SELECT coalesce(sum(CASE WHEN type_account = 1 THEN value END), 0) FROM bank_statements e
        WHERE e.bank_account_id = d.bank_account_id AND substr(e.date, 1, 10) = d.day) AS outflowOfEntries,
       (SELECT count(*) FROM bank_statements e
        WHERE e.bank_account_id = d.bank_account_id AND substr(e.date, 1, 10) = d.day) AS countOfEntries
     FROM bank_account_days d WHERE d.bank_account_id = ?1 ORDER BY d.day`,
  )
    .bind(account)
    .all<Record<string, number | string>>();
  return rows.results;
}

/**
 * A world of `RETURN_RECORDS_PER_CHUNK + 40` titles and its return, built around the boundary
 * between the first two chunks (records are 0-based; record `RETURN_RECORDS_PER_CHUNK` opens chunk 2):
 * - the split title: a partial liquidation as the first chunk's last record, the rest (another
 *   credit date) as the second chunk's first record;
 * - the repeated line: one liquidation twice, just before and just after the boundary;
 * - every other record liquidates its own title in full (interest 100, tariff 250).
 */
async function boundaryWorld() {
  const account = await returnAccount("341");
  const count = RETURN_RECORDS_PER_CHUNK + 40;
  const first = freshNumber();
  // the numbers of this world are taken: the next fresh number comes after them
  for (let i = 0; i < count + 1; i++) freshNumber();
  const ids = await seedTitles(account, first, count);
  const boundary = RETURN_RECORDS_PER_CHUNK;
  const split = first; // title of the split payment
  const repeated = first + 1; // title of the repeated line
  const full = (n: number): SampleRecord => liquidation(itau(n), VALUE, { interest: 100 });
  const others = Array.from({ length: count - 2 }, (_, k) => first + 2 + k);
  const records: SampleRecord[] = others.map(full);
  // the first chunk ends with: the repeated line, then the split title's first part
  records.splice(boundary - 2, 0, full(repeated));
  records.splice(boundary - 1, 0, liquidation(itau(split), VALUE, { paid: 4_000, interest: 0 }));
  // the second chunk starts with: the split title's rest, then the repeated line again
  records.splice(
    boundary,
    0,
    liquidation(itau(split), VALUE, { paid: 6_000, interest: 0, creditDate: "2026-03-03" }),
  );
  records.splice(boundary + 1, 0, full(repeated));
  const bytes = returnBytes("240", { bankCode: "341", records });
  const jobId = await storedJob(bytes, {
    type: "BankReturnCNAB",
    route: "job",
    params: JSON.stringify({ IDBankAccount: account }),
  });
  return { account, ids, split, repeated, records, jobId, titles: count };
}

/** Delivers the job's message until it ends; answers each invocation's D1 calls. */
async function runToEnd(jobId: number) {
  const invocations: number[] = [];
  for (let attempt = 1; attempt <= 10; attempt++) {
    const calls = noCalls();
    await deliver(
      [{ body: jobMessage(jobId, "BankReturnCNAB"), attempts: attempt }],
      "finance-jobs",
      countedEnv(env, calls),
    );
    invocations.push(calls.total);
    const job = await jobRow(jobId);
    if (job!.status === "Done" || job!.status === "Failed") return invocations;
  }
  throw new Error(`job ${jobId} did not end`);
}

async function expectAppliedOnce(world: Awaited<ReturnType<typeof boundaryWorld>>) {
  const job = await jobRow(world.jobId);
  expect(job).toMatchObject({ status: "Done", processed: world.records.length });
  // each title settled once, the split one twice (its two parts); the repeated line once
  expect(JSON.parse(job!.result!)).toEqual({
    settled: world.titles + 1,
    alreadySettled: 1,
    unknown: 0,
    rejected: 0,
    ignored: 0,
    // every liquidation carries a tariff: the repeated one posts none
    tariffs: world.titles + 1,
  });
  const splitId = world.ids.get(world.split)!;
  expect(await titleRow(splitId)).toMatchObject({ status: 3, openValue: 0 });
  expect((await historyOf(splitId)).map((h) => [h.date, h.paidValue])).toEqual([
    ["2026-03-02", 4_000],
    ["2026-03-03", 6_000],
  ]);
  // paid once, by the second chunk: one event
  expect(await paidEventsOf(splitId)).toHaveLength(1);
  const repeatedId = world.ids.get(world.repeated)!;
  expect(await historyOf(repeatedId)).toHaveLength(1);
  expect(await paidEventsOf(repeatedId)).toHaveLength(1);

  const counts = await env.DB_DEMO.prepare(
    `SELECT
       (SELECT count(*) FROM titles WHERE bank_account_id = ?1 AND status = 3 AND open_value = 0) AS paid,
       (SELECT count(*) FROM title_collection_events WHERE bank_account_id = ?1) AS history,
       (SELECT count(*) FROM events WHERE type = 'title.paid' AND company_id = 1
          AND json_extract(payload, '$.IDAccountPayableReceivable') IN (SELECT id FROM titles WHERE bank_account_id = ?1)) AS paidEvents,
       (SELECT count(DISTINCT json_extract(payload, '$.IDAccountPayableReceivable')) FROM events WHERE type = 'title.paid' AND company_id = 1
          AND json_extract(payload, '$.IDAccountPayableReceivable') IN (SELECT id FROM titles WHERE bank_account_id = ?1)) AS paidTitles`,
  )
    .bind(world.account)
    .first<Record<string, number>>();
  expect(counts).toEqual({
    paid: world.titles,
    // the split title has two history rows, the repeated line one
    history: world.titles + 1,
    paidEvents: world.titles,
    paidTitles: world.titles,
  });

  const entries = await entriesOf(world.account);
  // receipt + interest + tariff per title paid in one go; the split title: two receipts, two tariffs
  expect(entries).toHaveLength((world.titles - 1) * 3 + 4);
  expect(new Set(entries.map((e) => e.uid)).size).toBe(entries.length);
  for (const e of entries) expect(e.uid).toMatch(/^[0-9a-f]{32}$/);
  const receipts = entries.filter((e) => e.titleId !== null);
  expect(receipts).toHaveLength(world.titles + 1);
  expect(receipts.reduce((sum, e) => sum + e.value, 0)).toBe(world.titles * VALUE);

  const days = await dayTotalsAgainstEntries(world.account);
  expect(days.length).toBeGreaterThan(0);
  for (const day of days) {
    expect([day.inflow, day.outflow, day.entries]).toEqual([
      day.inflowOfEntries,
      day.outflowOfEntries,
      day.countOfEntries,
    ]);
  }
}

describe("a return longer than one chunk", () => {
  it("a title paid across the chunk boundary is settled by both parts and paid once; a line repeated across it settles once; every invocation within D1's calls", async () => {
    const world = await boundaryWorld();
    const invocations = await runToEnd(world.jobId);

    console.log(
      `BankReturnCNAB, ${world.records.length} records: D1 calls per invocation ${JSON.stringify(invocations)}`,
    );
    // two chunks in one delivery, well within the limit
    expect(invocations).toHaveLength(1);
    for (const calls of invocations) expect(calls).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
    await expectAppliedOnce(world);
  }, 120_000);

  it("a delivery killed after its first chunk: the redelivery resumes at the second chunk, applies it once, and a late duplicate changes nothing", async () => {
    const world = await boundaryWorld();
    // the second chunk's batch fails at its progress: the first chunk stays committed
    await env.DB_DEMO.exec(
      `CREATE TRIGGER test_kill_second_chunk BEFORE UPDATE OF processed ON jobs WHEN NEW.id = ${world.jobId} AND NEW.processed > ${RETURN_RECORDS_PER_CHUNK} BEGIN SELECT RAISE(ABORT, 'morto no segundo bloco'); END`,
    );
    try {
      const killed = await deliver([{ body: jobMessage(world.jobId, "BankReturnCNAB"), attempts: 1 }]);
      expect(killed.retryMessages).toHaveLength(1);
    } finally {
      await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_kill_second_chunk");
    }
    expect(await jobRow(world.jobId)).toMatchObject({
      status: "Processing",
      processed: RETURN_RECORDS_PER_CHUNK,
    });
    const splitId = world.ids.get(world.split)!;
    // the first part of the split title is in, the rest is not
    expect(await titleRow(splitId)).toMatchObject({ status: 2, openValue: 6_000 });
    expect(await paidEventsOf(splitId)).toHaveLength(0);

    await deliver([{ body: jobMessage(world.jobId, "BankReturnCNAB"), attempts: 2 }]);
    await deliver([{ body: jobMessage(world.jobId, "BankReturnCNAB"), attempts: 1 }]);

    await expectAppliedOnce(world);
  }, 120_000);
});
