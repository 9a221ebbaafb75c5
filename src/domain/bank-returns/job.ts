import { z } from "zod";
import { findActiveAccount } from "../../db/bank-accounts";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { bankAccountIdOf } from "../auto-reconciliation/job-params";
import { BANK_ACCOUNT_NOT_FOUND, BANK_ACCOUNT_REQUIRED } from "../bank-accounts/messages";
import { JobFailure } from "../jobs/job-context";
import { JOB_PARAMS_INVALID } from "../jobs/messages";
import type { JobDefinition, JobParams, JobParamsInput } from "../jobs/types";
import { importBankReturn } from "./import-job";

/**
 * Labels a bank's return file arrives with: banks' portals and internet banking name them `.ret`,
 * `.txt` or `.rem`-like extensions that browsers send as plain text or as bytes.
 */
export const CNAB_CONTENT_TYPES = ["text/plain", "application/octet-stream"] as const;

/** `IDBankAccount`: required, an active bank account of the company (its `BankNumber` is the file's bank). */
async function returnAccountParams(db: Db, companyId: number, input: JobParamsInput): Promise<JobParams> {
  if (input.IDBankAccount === undefined) throw badRequest(BANK_ACCOUNT_REQUIRED);
  if (!(await findActiveAccount(db, companyId, input.IDBankAccount)))
    throw badRequest(BANK_ACCOUNT_NOT_FOUND);
  return { IDBankAccount: input.IDBankAccount };
}

/** `BankReturnCNAB`: a bank's CNAB 240/400 cobrança return on the account of the job's params (import-job). */
export const bankReturnCnabJob: JobDefinition = {
  description:
    "retorno de cobrança CNAB 240 ou 400 do banco da conta (liquidações baixam os títulos a receber pelo nosso número); exige `IDBankAccount`",
  params: z.object({ IDBankAccount: z.number().int().positive() }),
  handler: async (context) => {
    const bankAccountId = bankAccountIdOf(context.job.params);
    if (bankAccountId === null) throw new JobFailure(JOB_PARAMS_INVALID);
    return importBankReturn(context, bankAccountId);
  },
  file: { contentTypes: CNAB_CONTENT_TYPES, routes: ["job"], params: returnAccountParams },
};
