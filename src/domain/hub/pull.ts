import { pullableIntegrations, updateHubIntegration } from "../../db/hub/integrations";
import type { Actor } from "../../env";
import { createJob, type JobCreation, type JobDeps } from "../jobs/create-job";
import { findIntegration } from "./integrations";

/**
 * The row of a pull job, but for its company, its creator and its integration's id, which the
 * caller puts in: `params` is `{"<paramsKey>":<integration>}` and `fileHash`
 * `<fileHash.before><integration><fileHash.after>`, i.e. `pull:<integration>:<run>`. A pull has no
 * file; the route, the run and the integration make its key. The only description of a pull job's
 * row: `pullJob` fills it in here, `storeMlNotification` in SQL with the integration its batch finds.
 */
function pullRow(run: string) {
  return {
    route: "hub-pull",
    type: "HubOrderPull" as const,
    paramsKey: "IDCompanyIntegration",
    fileKey: "",
    fileName: "",
    contentType: "",
    sizeBytes: 0,
    fileHash: { before: "pull:", after: `:${run}` },
  };
}

/** The pull job of the integration and run. */
function pullJob(companyId: number, integrationId: number, run: string, userId: number | null) {
  const { paramsKey, fileHash, ...row } = pullRow(run);
  return {
    ...row,
    companyId,
    params: JSON.stringify({ [paramsKey]: integrationId }),
    fileHash: `${fileHash.before}${integrationId}${fileHash.after}`,
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
 * own batch under the integration that batch finds (`storeMlNotification` fills in the row
 * `pullRow` describes), its message queued by `queueKeyedJob`.
 */
export function notifiedPull(run: string) {
  return pullRow(run);
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
