import {
  completeJobProgress,
  countPendingLines,
  jobCounts,
  startJobCounts,
} from "../../db/auto-reconciliation";
import { findActiveAccount } from "../../db/bank-accounts";
import { BANK_ACCOUNT_NOT_FOUND } from "../bank-accounts/messages";
import { type JobContext, JobFailure, type JobOutcome } from "../jobs/job-context";
import { runRules } from "./run-rules";

/**
 * `ConciliationRuleApply`: runs the account's rules again over its pending lines, those that
 * existed when the job was asked for. Total is their number; Result: `lines` (that number),
 * `autoReconciled`, `pending` (those still pending at the end).
 */
export async function applyRulesToPendingLines(
  { db, job, budget }: JobContext,
  bankAccountId: number,
): Promise<JobOutcome> {
  if (!(await findActiveAccount(db, job.companyId, bankAccountId))) {
    throw new JobFailure(BANK_ACCOUNT_NOT_FOUND);
  }
  const lines = { companyId: job.companyId, bankAccountId, createdUpTo: job.createdAt };
  if (job.result === null) {
    const total = await countPendingLines(db, lines);
    await startJobCounts(db, job.id, total, { lines: total, autoReconciled: 0, pending: total });
  }
  const run = await runRules(
    db,
    { ...lines, jobId: job.id, userId: job.createdBy, trackProgress: true },
    budget,
  );
  if (run.status === "continue") return run;
  await completeJobProgress(db, job.id);
  const counts = await jobCounts(db, job.id);
  return {
    status: "done",
    result: {
      lines: counts.lines ?? 0,
      autoReconciled: counts.autoReconciled ?? 0,
      pending: await countPendingLines(db, lines),
    },
  };
}
