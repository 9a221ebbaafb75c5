import { pullableIntegrations, updateHubIntegration } from "../../db/hub/integrations";
import { releaseNotifiedPullKey } from "../../db/hub/ml-connections";
import type { Actor, Db } from "../../env";
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
 * The run of the notified pull that has not started: its key (`pull:<integration>:notify:open`) is
 * held by one job at most, from the notification that inserts it until the job starts
 * (`startNotifiedPull`), when the job gives it up (`…:notify:open:<job id>`) before it reads the
 * inbox. A notification stored while a pull waits is read by it; one stored after that pull
 * started inserts the next one: no notification waits for the hourly sweep.
 */
const NOTIFIED_RUN = "notify:open";

/**
 * The pull a channel notification asks for: the waiting pull of its integration (the `NOTIFIED_RUN`
 * key), inserted in the notification's own batch under the integration that batch finds
 * (`storeMlNotification` fills in the row `pullRow` describes) unless one waits already, its message
 * queued by `queueKeyedJob`.
 */
export function notifiedPull() {
  return pullRow(NOTIFIED_RUN);
}

/**
 * First step of every delivery of a pull job: a notified pull that still holds the waiting key gives
 * it up (one D1 call, its first delivery only), so the notifications stored from now on queue the
 * next pull; those stored before are in the inbox this pull reads next.
 */
export async function startNotifiedPull(db: Db, job: { id: number; fileHash: string }): Promise<void> {
  if (!job.fileHash.endsWith(`:${NOTIFIED_RUN}`)) return;
  await releaseNotifiedPullKey(db, job.id, job.fileHash);
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
