import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobType } from "../../src/domain/jobs/job-message";
import { JOB_HANDLERS } from "../../src/jobs";
import { MAX_ATTEMPTS, retryDelaySeconds } from "../../src/queue/consumer";
import { signIn } from "../support/api";
import { JOB_SAMPLES } from "../support/job-samples";
import { useSeed } from "../support/replay";
import { seedAccounts } from "../support/seed";
import { deliver, jobMessage, jobRow, waitForJob } from "../support/upload-factories";

/**
 * Poison jobs: a job whose processing throws the same error on every delivery ends Failed with a
 * reason a user can read after its retries, never Processing forever. The poison is state the
 * job cannot get past (the database refuses the job's first write, as a corrupt row or a broken
 * constraint would), the same on every delivery. Each delivery comes as a new message
 * (`attempts` 1, as a message sent again after a continuation): the count is the job's own.
 */

useSeed();

/**
 * The job's first write: its first chunk's progress (most types), its final Done (the cost
 * recalculation writes the new cost and Done, with no chunks), or the job's total (the rule run
 * takes a refused batch of decisions for decisions a concurrent request made impossible and drops
 * them, so its first write that throws is the total it stores on starting).
 */
const POISONED_WRITE: Record<JobType, string> = {
  SkuTemplate: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  SkuCostRecalculate: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Done'",
  OrdersTemplate: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  BankStatementOFX: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  ConciliationRuleApply: "BEFORE UPDATE OF total ON jobs WHEN NEW.total > 0",
  StockInventoryCount: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  NFeXML: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  HubOrderPull: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  MarketplaceSettlement: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  BankReturnCNAB: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  PixReceivedPoll: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  SefazDistribution: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
  // no chunk progress: each summary's event is recorded on its document, then Done
  SefazAwareness: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Done'",
  MlStockPublish: "BEFORE UPDATE ON ml_stock_outbox",
  // each note's state is written on the note; the job's own first write is its Done
  NFeEmission: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Done'",
  OpenFinanceSync: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
};

const POISON = "registro envenenado";

async function poisoned<T>(type: JobType, work: () => Promise<T>): Promise<T> {
  await env.DB_DEMO.exec(
    `CREATE TRIGGER test_poison ${POISONED_WRITE[type]} BEGIN SELECT RAISE(ABORT, '${POISON}'); END`,
  );
  try {
    return await work();
  } finally {
    await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_poison");
  }
}

beforeAll(seedAccounts);

const handledTypes = Object.keys(JOB_HANDLERS) as JobType[];

describe.each(handledTypes)("a poisoned %s job", (type) => {
  it("is retried with growing delays, counting on its row, then ends Failed with the error", async () => {
    const jobId = await JOB_SAMPLES[type]!();
    await poisoned(type, async () => {
      for (let failure = 1; failure < MAX_ATTEMPTS; failure++) {
        const result = await deliver([{ body: jobMessage(jobId, type), attempts: 1 }]);
        expect(result.explicitAcks).toEqual([]);
        expect(result.retryDelays).toEqual([retryDelaySeconds(failure)]);
        expect(await jobRow(jobId)).toMatchObject({ status: "Processing", failures: failure });
      }
      const last = await deliver([{ body: jobMessage(jobId, type), attempts: 1 }]);
      expect(last.explicitAcks).toHaveLength(1);
      expect(last.retryMessages).toEqual([]);
    });
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: "Failed", failures: MAX_ATTEMPTS, attempts: MAX_ATTEMPTS });
    expect(job!.failureReason).toMatch(
      new RegExp(`^Falha no processamento após ${MAX_ATTEMPTS} tentativas: `),
    );
    expect(job!.failureReason).toContain(POISON);
    expect(job!.finishedAt).not.toBeNull();

    // a later delivery (a message still in the queue) changes nothing
    const again = await deliver([{ body: jobMessage(jobId, type), attempts: 1 }]);
    expect(again.explicitAcks).toHaveLength(1);
    expect(await jobRow(jobId)).toEqual(job);
  }, 120_000);
});

describe("failed deliveries", () => {
  it("a delivery that commits progress clears the count: only failures in a row give a job up", async () => {
    const jobId = await JOB_SAMPLES.SkuTemplate!();
    await poisoned("SkuTemplate", async () => {
      for (let failure = 1; failure < MAX_ATTEMPTS; failure++)
        await deliver([{ body: jobMessage(jobId), attempts: 1 }]);
    });
    expect(await jobRow(jobId)).toMatchObject({ status: "Processing", failures: MAX_ATTEMPTS - 1 });
    const healed = await deliver([{ body: jobMessage(jobId), attempts: MAX_ATTEMPTS }]);
    expect(healed.explicitAcks).toHaveLength(1);
    expect(await jobRow(jobId)).toMatchObject({ status: "Done", failures: 0 });
  });

  it("the reason of a given-up job is what GET /job answers", async () => {
    const token = await signIn("demo", "admin@demo.local");
    const jobId = await JOB_SAMPLES.SkuCostRecalculate!();
    await poisoned("SkuCostRecalculate", async () => {
      for (let failure = 1; failure <= MAX_ATTEMPTS; failure++)
        await deliver([{ body: jobMessage(jobId, "SkuCostRecalculate"), attempts: 1 }]);
    });
    const job = await waitForJob(token, jobId);
    expect(job.Status).toBe("Failed");
    expect(job.FailureReason).toMatch(/^Falha no processamento após 5 tentativas: .*registro envenenado/);
  });
});
