import { applyRulesToPendingLines } from "../../domain/auto-reconciliation/apply-rules-job";
import { bankAccountIdOf } from "../../domain/auto-reconciliation/job-params";
import { JobFailure, type JobHandler } from "../../domain/jobs/job-context";
import { JOB_PARAMS_INVALID } from "../../domain/jobs/messages";

/** `ConciliationRuleApply`: the account of the job's params, then the rules (domain/auto-reconciliation). */
export const conciliationRuleApplyHandler: JobHandler = async (context) => {
  const bankAccountId = bankAccountIdOf(context.job.params);
  if (bankAccountId === null) throw new JobFailure(JOB_PARAMS_INVALID);
  return applyRulesToPendingLines(context, bankAccountId);
};
