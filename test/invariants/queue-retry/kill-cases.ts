import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobType } from "../../../src/domain/jobs/job-message";
import { JOB_HANDLERS } from "../../../src/jobs";
import { dataTables, invariantViolations } from "../../support/invariants";
import { JOB_SAMPLES } from "../../support/job-samples";
import { useSeed } from "../../support/replay";
import { seedAccounts } from "../../support/seed";
import { deliver, jobMessage, jobRow } from "../../support/upload-factories";

/**
 * Generic check of every job type that has a queue handler: a consumer killed mid-job (the database
 * refuses its first chunk, a later chunk, or the final "Done") and then retried, even by two
 * deliveries at once, ends exactly as an uninterrupted run of the same input: same status, same
 * result, same rows written. Each job type declares the kill points its processing can reach; each
 * declared point must really stop the job there (it is handed back for a retry, unfinished), and
 * each point not declared must leave the job untouched, so a declaration that no longer matches the
 * handler fails. A new job type must add a sample and its kill points below, or this test fails.
 */

/**
 * A kill case runs its sample (and, the first of its type, the control) and the invariant checker over
 * the whole database; the rule-apply sample (4,050 lines) needs more than two minutes on a loaded
 * two-core machine.
 */
const KILL_CASE_TIMEOUT_MS = 300_000;

type JobState = { status: string; processed: number };

/**
 * Where the consumer is killed: a trigger refusing that write, and where the killed job must stand
 * compared with an uninterrupted run of the same input (`control`).
 */
const KILL_POINTS = {
  firstChunk: {
    name: "its first chunk",
    trigger: "BEFORE UPDATE OF processed ON jobs WHEN NEW.processed > 0",
    stoppedThere: (job: JobState, control: JobState) => job.processed === 0 && control.processed > 0,
  },
  laterChunk: {
    name: "a chunk after one was committed",
    trigger: "BEFORE UPDATE OF processed ON jobs WHEN OLD.processed > 0",
    stoppedThere: (job: JobState, control: JobState) =>
      job.processed > 0 && job.processed < control.processed,
  },
  done: {
    name: "the final Done",
    trigger: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Done'",
    stoppedThere: (job: JobState, control: JobState) =>
      control.status === "Done" && job.processed === control.processed,
  },
  failed: {
    name: "the final Failed",
    trigger: "BEFORE UPDATE OF status ON jobs WHEN NEW.status = 'Failed'",
    stoppedThere: (job: JobState, control: JobState) =>
      control.status === "Failed" && job.processed === control.processed,
  },
} as const;

type KillPoint = keyof typeof KILL_POINTS;

/** The points each job type's processing reaches with its sample. */
export const KILL_POINTS_OF: Record<JobType, readonly KillPoint[]> = {
  SkuTemplate: ["firstChunk", "laterChunk", "done"],
  // one write of the new cost, then Done: no chunk progress to interrupt
  SkuCostRecalculate: ["done"],
  OrdersTemplate: ["firstChunk", "laterChunk", "done"],
  BankStatementOFX: ["firstChunk", "laterChunk", "done"],
  ConciliationRuleApply: ["firstChunk", "laterChunk", "done"],
  StockInventoryCount: ["firstChunk", "laterChunk", "done"],
  // the document is one chunk: there is no later chunk to interrupt
  NFeXML: ["firstChunk", "done"],
  HubOrderPull: ["firstChunk", "laterChunk", "done"],
  MarketplaceSettlement: ["firstChunk", "laterChunk", "done"],
  BankReturnCNAB: ["firstChunk", "laterChunk", "done"],
  PixReceivedPoll: ["firstChunk", "laterChunk", "done"],
  SefazDistribution: ["firstChunk", "laterChunk", "done"],
  // one event and its record per summary, no chunk progress: only the final Done to interrupt
  SefazAwareness: ["done"],
  // one listing published, then Done: no chunk progress on the job to interrupt
  MlStockPublish: ["done"],
  // each note's state is its own write; the job has no chunk progress: only the final Done to interrupt
  NFeEmission: ["done"],
  OpenFinanceSync: ["firstChunk", "laterChunk", "done"],
};

/**
 * Not counted: the jobs themselves, and what SEFAZ's authorizers last answered (`authorizer_statuses`,
 * one row per authorizer and endpoint shared by every company and run: the first run to ask writes it,
 * the others update it).
 */
const UNCOUNTED = new Set(["jobs", "authorizer_statuses"]);

async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await dataTables(env.DB_DEMO)).filter((t) => !UNCOUNTED.has(t));
  const results = await env.DB_DEMO.batch(
    tables.map((t) => env.DB_DEMO.prepare(`SELECT count(*) AS n FROM "${t}"`)),
  );
  return Object.fromEntries(tables.map((t, i) => [t, (results[i]!.results[0] as { n: number }).n]));
}

/** Rows each table gained while `work` ran. */
async function rowsWrittenBy(work: () => Promise<void>): Promise<Record<string, number>> {
  const before = await rowCounts();
  await work();
  const after = await rowCounts();
  return Object.fromEntries(
    Object.entries(after)
      .filter(([t, n]) => n !== before[t])
      .map(([t, n]) => [t, n - before[t]!]),
  );
}

/**
 * Delivers until the job is Done or Failed (a chunked job may continue in new invocations);
 * answers how many deliveries were handed back for a retry.
 */
async function runToEnd(jobId: number, type: JobType, firstAttempt = 1): Promise<number> {
  let retried = 0;
  for (let attempts = firstAttempt; attempts < firstAttempt + 20; attempts++) {
    const job = await jobRow(jobId);
    if (job!.status === "Done" || job!.status === "Failed") return retried;
    retried += (await deliver([{ body: jobMessage(jobId, type), attempts }])).retryMessages.length;
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function withKillTrigger<T>(point: KillPoint, work: () => Promise<T>): Promise<T> {
  await env.DB_DEMO.exec(
    `CREATE TRIGGER test_kill_job ${KILL_POINTS[point].trigger} BEGIN SELECT RAISE(ABORT, 'consumidor morto'); END`,
  );
  try {
    return await work();
  } finally {
    await env.DB_DEMO.exec("DROP TRIGGER IF EXISTS test_kill_job");
  }
}

type Outcome = {
  status: string;
  total: number | null;
  processed: number;
  result: unknown;
  reason: string | null;
};

const outcome = async (jobId: number): Promise<Outcome> => {
  const job = await jobRow(jobId);
  return {
    status: job!.status,
    total: job!.total,
    processed: job!.processed,
    result: job!.result,
    reason: job!.failureReason,
  };
};

/**
 * The job types each file of this folder runs, so the slow samples run side by side: every type
 * with a handler is in exactly one group (checked by `every-type.test.ts`).
 */
export const RETRY_GROUPS = {
  orders: ["OrdersTemplate", "HubOrderPull"],
  ruleApply: [
    "ConciliationRuleApply",
    "PixReceivedPoll",
    "SefazDistribution",
    "SefazAwareness",
    "MlStockPublish",
    "OpenFinanceSync",
  ],
  // the NF-e emission sample (nine orders against the SEFAZ authorizer double) is the slowest of
  // all: a file of its own, run beside the others
  nfeEmission: ["NFeEmission"],
  files: [
    "SkuTemplate",
    "SkuCostRecalculate",
    "BankStatementOFX",
    "StockInventoryCount",
    "NFeXML",
    "MarketplaceSettlement",
    "BankReturnCNAB",
  ],
} as const satisfies Record<string, readonly JobType[]>;

export const handledTypes = Object.keys(JOB_HANDLERS) as JobType[];

/** The kill cases of the given job types, on fresh seeded databases. */
export function killCasesFor(types: readonly JobType[]): void {
  useSeed();
  beforeAll(seedAccounts);
  const declaredCases = types.flatMap((type) =>
    KILL_POINTS_OF[type].map((point) => [type, KILL_POINTS[point].name, point] as const),
  );
  const undeclaredCases = types.flatMap((type) =>
    (Object.keys(KILL_POINTS) as KillPoint[])
      .filter((point) => !KILL_POINTS_OF[type].includes(point))
      .map((point) => [type, KILL_POINTS[point].name, point] as const),
  );

  /**
   * The uninterrupted run of each type's sample, made once per file and shared by its kill points:
   * each sample makes fresh data of the same shape, so every run of it ends the same way.
   */
  const controls = new Map<JobType, Promise<{ expected: Outcome; controlRows: Record<string, number> }>>();
  const controlRun = (type: JobType) => {
    let control = controls.get(type);
    if (!control) {
      control = (async () => {
        const jobId = await JOB_SAMPLES[type]!();
        const controlRows = await rowsWrittenBy(async () => {
          expect(await runToEnd(jobId, type)).toBe(0);
        });
        return { expected: await outcome(jobId), controlRows };
      })();
      // a failed control is made again by the next case (or the retry) instead of failing them all
      control.catch(() => controls.delete(type));
      controls.set(type, control);
    }
    return control;
  };

  describe.each(declaredCases)("%s job killed at %s", (type, _name, point) => {
    it(
      "stops there, and retried (twice at once) applies everything once",
      async () => {
        const sample = JOB_SAMPLES[type];
        if (!sample) throw new Error(`no sample job for ${type}`);

        const { expected, controlRows } = await controlRun(type);

        const jobId = await sample();
        const written = await rowsWrittenBy(async () => {
          await withKillTrigger(point, async () => {
            // A job whose work per delivery is sized from the D1 budget may need several
            // deliveries (each acked with its progress) before it reaches the point.
            let killed = await deliver([{ body: jobMessage(jobId, type), attempts: 1 }]);
            for (let more = 0; more < 20 && killed.retryMessages.length === 0; more++) {
              const before = await jobRow(jobId);
              if (before!.status === "Done" || before!.status === "Failed") break;
              killed = await deliver([{ body: jobMessage(jobId, type), attempts: 1 }]);
            }
            // The kill must have hit: the delivery is handed back for a retry, the job unfinished there.
            expect(killed.retryMessages).toHaveLength(1);
            const stopped = await jobRow(jobId);
            expect(stopped!.status).toBe("Processing");
            expect(
              KILL_POINTS[point].stoppedThere(stopped!, expected),
              JSON.stringify({ stopped, expected }),
            ).toBe(true);
          });
          await Promise.all([
            deliver([{ body: jobMessage(jobId, type), attempts: 2 }]),
            deliver([{ body: jobMessage(jobId, type), attempts: 2 }]),
          ]);
          await runToEnd(jobId, type, 3);
        });

        expect(await outcome(jobId)).toEqual(expected);
        expect(written).toEqual(controlRows);
        expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
      },
      KILL_CASE_TIMEOUT_MS,
    );
  });

  describe.each(undeclaredCases)("%s job (not reaching %s)", (type, _name, point) => {
    it(
      "is not stopped by a kill there: declare the point when the job starts reaching it",
      async () => {
        const jobId = await JOB_SAMPLES[type]!();
        const retried = await withKillTrigger(point, () => runToEnd(jobId, type));
        expect(retried).toBe(0);
        expect(["Done", "Failed"]).toContain((await jobRow(jobId))!.status);
      },
      KILL_CASE_TIMEOUT_MS,
    );
  });
}
