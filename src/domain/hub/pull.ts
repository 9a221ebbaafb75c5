import { pullableIntegrations, updateHubIntegration } from "../../db/hub/integrations";
import type { Actor } from "../../env";
import { createJob, type JobCreation, type JobDeps } from "../jobs/create-job";
import { findIntegration } from "./integrations";

/** Route of pull jobs in the jobs table: a pull has no file; its `fileHash` names the integration and the run. */
const PULL_ROUTE = "hub-pull";

/** The row of a pull job; a notified pull's row is built the same way in SQL by `storeMlNotification`: change both together. */
function pullJob(companyId: number, integrationId: number, run: string, userId: number | null) {
  return {
    companyId,
    route: PULL_ROUTE,
    type: "HubOrderPull" as const,
    params: JSON.stringify({ IDCompanyIntegration: integrationId }),
    fileKey: "",
    fileName: "",
    contentType: "",
    sizeBytes: 0,
    fileHash: `pull:${integrationId}:${run}`,
    createdBy: userId,
  };
}

/**
 * A pull of the integration's orders now (`FromStart` first moves its cursor back to the first
 * order: what was already pulled is found again and stored nothing twice).
 */
export async function requestPull(
  deps: JobDeps,
  request: Actor & { integrationId: number; fromStart: boolean },
): Promise<JobCreation> {
  await findIntegration(deps.db, request.companyId, request.integrationId);
  if (request.fromStart) {
    await updateHubIntegration(deps.db, request.companyId, request.integrationId, {
      cursor: "",
      settlementCursor: "",
    });
  }
  const run = `manual:${Date.now()}:${crypto.randomUUID()}`;
  return createJob(deps, pullJob(request.companyId, request.integrationId, run, request.userId));
}

/**
 * The pull a channel notification asks for: one job per `run` key, inserted in the notification's
 * own batch under the integration that batch finds (`storeMlNotification` builds the row as
 * `pullJob` does), its message queued by `queueKeyedJob`.
 */
export function notifiedPull(run: string) {
  return { route: PULL_ROUTE, type: "HubOrderPull" as const, run };
}

/**
 * The hourly pull: one job per authenticated integration of the account. The hour is part of the
 * job's key, so a cron that fires twice in the same hour queues each pull once.
 */
export async function scheduleHourlyPulls(deps: JobDeps, now: Date): Promise<number> {
  const hour = now.toISOString().slice(0, 13);
  let created = 0;
  for (const { companyId, integrationId } of await pullableIntegrations(deps.db)) {
    const job = await createJob(deps, pullJob(companyId, integrationId, `hour:${hour}`, null));
    if (job.created) created++;
  }
  return created;
}
