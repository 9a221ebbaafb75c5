import { findActiveAccount } from "../../db/bank-accounts";
import type { Actor } from "../../env";
import { badRequest } from "../../lib/errors";
import { createJob, type JobDeps } from "../jobs/create-job";
import { RULE_MESSAGES } from "../rules/messages";

export const RULE_APPLY_ROUTE = "conciliation-rule-apply";

/**
 * Queues a `ConciliationRuleApply` job over the account's pending lines. The job has no file: its
 * FileHash is a fresh synthetic value, so every request is its own job (as cost recalculations);
 * two runs over the same account are safe, each line being reconciled once.
 */
export async function scheduleRuleApply(
  deps: JobDeps,
  caller: Actor,
  bankAccountId: number | null | undefined,
): Promise<number> {
  if (bankAccountId === null || bankAccountId === undefined) {
    throw badRequest(RULE_MESSAGES.bankAccountRequired);
  }
  if (!(await findActiveAccount(deps.db, caller.companyId, bankAccountId))) {
    throw badRequest(RULE_MESSAGES.bankAccountNotFound);
  }
  const job = await createJob(deps, {
    companyId: caller.companyId,
    route: RULE_APPLY_ROUTE,
    type: "ConciliationRuleApply",
    params: JSON.stringify({ IDBankAccount: bankAccountId }),
    fileKey: "",
    fileName: "",
    contentType: "",
    sizeBytes: 0,
    fileHash: `${RULE_APPLY_ROUTE}:${bankAccountId}:${crypto.randomUUID()}`,
    createdBy: caller.userId,
  });
  return job.jobId;
}
