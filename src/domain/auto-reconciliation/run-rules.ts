import { type PendingScope, pendingLines } from "../../db/auto-reconciliation";
import {
  countReconciled,
  keyWrites,
  type PostedLegs,
  recordRules,
  runStatements,
  writeDecisions,
} from "../../db/auto-reconciliation-writes";
import { rulesOfAccounts } from "../../db/conciliation-rules";
import type { Db } from "../../env";
import { matchLines } from "../rules/match-lines";
import { planWrites } from "./decision-writes";
import { loadMatchingData } from "./matching-input";

/**
 * Reconciling decisions per batch (and per unit of the invocation's work budget). The statements
 * of a batch are set-based (a handful whatever its size, see `decisionStatements`), so a batch is
 * bounded by its JSON parameters (~100 bytes a decision) and the rows it writes (five per decision).
 */
export const DECISIONS_PER_BATCH = 2000;

/** The work allowance of the invocation (one unit per batch of decisions). */
export type Budget = { take(): boolean };

export type RuleRun = PendingScope & {
  /** The job the writes are recorded under (lines' audit, link author, job counts). */
  jobId: number;
  userId: number | null;
  /** Moves the job's `processed` as batches commit (a run that is the whole job). */
  trackProgress: boolean;
};

export type RuleRunOutcome = { status: "done" | "continue" };

/**
 * Runs the bank account's rules over its pending lines in `run` and writes what they decide.
 *
 * Set-based: the lines, the rules and the candidates are read in a few queries, matched in memory
 * (`matchLines`, in date order, so a title goes to the first line that qualifies), and written in
 * batches of decisions. A decision that a concurrent request made impossible (a title paid, a line
 * reconciled by hand, a leg linked) is refused by a constraint and only that decision is dropped:
 * its line stays pending with the rule recorded.
 *
 * Resumable without a cursor: a run that stops for lack of budget is simply run again; lines it
 * reconciled are no longer pending, and recording a rule a line already carries is skipped, so the
 * second run writes only what is left.
 */
export async function runRules(db: Db, run: RuleRun, budget: Budget): Promise<RuleRunOutcome> {
  const lines = await pendingLines(db, run);
  if (lines.length === 0) return { status: "done" };
  const rules = await rulesOfAccounts(db, run.companyId, [run.bankAccountId]);
  const data = await loadMatchingData(db, run.companyId, run.bankAccountId, lines, rules);
  const plan = planWrites(matchLines(data.input), {
    lines: new Map(lines.map((line) => [line.id, line])),
    titles: data.titles,
    accounts: data.accounts,
  });
  await runStatements(db, recordRules(db, run.companyId, plan.ruleRecords));

  const scope = { companyId: run.companyId, jobId: run.jobId, userId: run.userId };
  const posted: PostedLegs = new Map();
  let remaining = plan.reconciling.length;
  for (let start = 0; start < plan.reconciling.length; start += DECISIONS_PER_BATCH) {
    if (!budget.take()) return { status: "continue" };
    const chunk = keyWrites(plan.reconciling.slice(start, start + DECISIONS_PER_BATCH), posted);
    remaining -= chunk.length;
    const left = remaining;
    const outcome = await writeDecisions(db, scope, chunk, (count) => [
      countReconciled(db, run.jobId, count, run.trackProgress ? left : undefined),
    ]);
    const refused = outcome.refused.map((write) => ({ lineId: write.lineId, ruleId: write.ruleId }));
    await runStatements(db, recordRules(db, run.companyId, refused));
  }
  return { status: "done" };
}
