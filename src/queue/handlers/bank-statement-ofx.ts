import { bankAccountIdOf } from "../../domain/auto-reconciliation/job-params";
import { importOfxStatement } from "../../domain/import/ofx-import-job";
import { JobFailure, type JobHandler } from "../../domain/jobs/job-context";
import { JOB_PARAMS_INVALID } from "../../domain/jobs/messages";

/** `BankStatementOFX`: the account of the job's params, then the import (domain/import/ofx-import-job). */
export const bankStatementOfxHandler: JobHandler = async (context) => {
  const bankAccountId = bankAccountIdOf(context.job.params);
  if (bankAccountId === null) throw new JobFailure(JOB_PARAMS_INVALID);
  return importOfxStatement(context, bankAccountId);
};
