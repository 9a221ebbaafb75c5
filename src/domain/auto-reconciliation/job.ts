import { z } from "zod";
import { JobFailure } from "../jobs/job-context";
import { JOB_PARAMS_INVALID } from "../jobs/messages";
import type { JobDefinition } from "../jobs/types";
import { applyRulesToPendingLines } from "./apply-rules-job";
import { bankAccountIdOf } from "./job-params";

/** `ConciliationRuleApply`: the account of the job's params, then the rules (apply-rules-job). */
export const conciliationRuleApplyJob: JobDefinition = {
  description:
    "regras de conciliação sobre as linhas pendentes, por POST /accounts/bank-statement/conciliation-rule/apply",
  params: z.object({ IDBankAccount: z.number().int().positive() }),
  handler: async (context) => {
    const bankAccountId = bankAccountIdOf(context.job.params);
    if (bankAccountId === null) throw new JobFailure(JOB_PARAMS_INVALID);
    return applyRulesToPendingLines(context, bankAccountId);
  },
};
