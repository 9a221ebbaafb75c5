import { z } from "zod";
import { findActiveAccount } from "../../db/bank-accounts";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { bankAccountIdOf } from "../auto-reconciliation/job-params";
import { BANK_ACCOUNT_NOT_FOUND, BANK_ACCOUNT_REQUIRED } from "../bank-accounts/messages";
import { JobFailure } from "../jobs/job-context";
import { JOB_PARAMS_INVALID } from "../jobs/messages";
import type { JobDefinition, JobParams, JobParamsInput } from "../jobs/types";
import { OFX_CONTENT_TYPES } from "../uploads/content-types";
import { importOfxStatement } from "./ofx-import-job";

/** `IDBankAccount`: required, an active bank account of the company. */
async function bankAccountParams(db: Db, companyId: number, input: JobParamsInput): Promise<JobParams> {
  if (input.IDBankAccount === undefined) throw badRequest(BANK_ACCOUNT_REQUIRED);
  if (!(await findActiveAccount(db, companyId, input.IDBankAccount))) {
    throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  }
  return { IDBankAccount: input.IDBankAccount };
}

/** `BankStatementOFX`: the account of the job's params, then the import (ofx-import-job). */
export const bankStatementOfxJob: JobDefinition = {
  description: "extrato OFX; exige `IDBankAccount`",
  params: z.object({ IDBankAccount: z.number().int().positive() }),
  handler: async (context) => {
    const bankAccountId = bankAccountIdOf(context.job.params);
    if (bankAccountId === null) throw new JobFailure(JOB_PARAMS_INVALID);
    return importOfxStatement(context, bankAccountId);
  },
  file: { contentTypes: OFX_CONTENT_TYPES, routes: ["job"], params: bankAccountParams },
};
