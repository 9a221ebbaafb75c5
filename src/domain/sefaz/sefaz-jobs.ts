/**
 * The jobs an integration keeps one at a time: its distribution (`SefazDistribution`) and its
 * automatic awareness (`SefazAwareness`). Asking for one while one is Pending or Processing answers
 * that one; a job still Pending gets its message again, which repairs a send that failed.
 */
import {
  insertSefazJobIfNone,
  openSefazJob,
  type SefazJobKind,
  sefazJobType,
} from "../../db/sefaz-integrations";
import { ApiError } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import type { JobDeps } from "../jobs/create-job";
import { QUEUE_FAILURE } from "../jobs/messages";

export type SefazJobRequest = { jobId: number; created: boolean };

export async function createSefazJob(
  deps: JobDeps,
  kind: SefazJobKind,
  companyId: number,
  integrationId: number,
  userId: number | null,
): Promise<SefazJobRequest> {
  const jobId = await insertSefazJobIfNone(deps.db, kind, companyId, integrationId, userId);
  const open = jobId === null ? await openSefazJob(deps.db, kind, companyId, integrationId) : undefined;
  const id = jobId ?? open?.id;
  if (id === undefined) return createSefazJob(deps, kind, companyId, integrationId, userId);
  if (jobId !== null || open?.status === "Pending") {
    try {
      await deps.queue.send({ type: sefazJobType(kind), account: deps.account, jobId: id });
    } catch (error) {
      log("error", "job message not sent", { account: deps.account, jobId: id, ...errorFields(error) });
      throw new ApiError(500, QUEUE_FAILURE);
    }
  }
  return { jobId: id, created: jobId !== null };
}
