import { findJobByHash, insertJobIfNew, type JobRow, type NewJob } from "../../db/jobs";
import type { Db } from "../../env";
import { ApiError, badRequest } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import type { JobMessage, JobType } from "./job-message";
import { fileSentWithOtherParams, QUEUE_FAILURE } from "./messages";

/** The producer side of the jobs queue. */
export type JobQueue = { send(message: JobMessage): Promise<unknown> };

export type JobDeps = { db: Db; queue: JobQueue; account: string };

export type NewJobRequest = Omit<NewJob, "type"> & { type: JobType };

/** The job a request ended with: freshly created, or the existing one for the same content. */
export type JobCreation = { jobId: number; created: boolean; fileKey: string };

async function enqueue(deps: JobDeps, type: JobType, jobId: number): Promise<void> {
  try {
    await deps.queue.send({ type, account: deps.account, jobId });
  } catch (error) {
    log("error", "job message not sent", { account: deps.account, jobId, ...errorFields(error) });
    throw new ApiError(500, QUEUE_FAILURE);
  }
}

/**
 * The job of a request whose content already has one (same company, route and hash): the same
 * IDJob, provided it was asked with the same type and parameters. A job still Pending gets its
 * message again, which repairs a send that failed before; the consumer ignores duplicates.
 */
export async function reuseExistingJob(
  deps: JobDeps,
  existing: JobRow,
  request: NewJobRequest,
): Promise<JobCreation> {
  if (existing.type !== request.type || existing.params !== (request.params ?? "{}")) {
    throw badRequest(fileSentWithOtherParams(existing.id, existing.type));
  }
  if (existing.status === "Pending") await enqueue(deps, request.type, existing.id);
  return { jobId: existing.id, created: false, fileKey: existing.fileKey };
}

/** A Pending job this old whose key is asked again has surely lost its message: it is queued again. */
const LOST_MESSAGE_AFTER_MS = 60_000;

/** A job inserted unless its key existed, in the batch of the write that asks for it: new, or the one holding the key. */
export type KeyedJob = { id: number; created: boolean; status: string; createdAt: string };

/**
 * The message of work asked again and again while its job waits (a burst of channel
 * notifications, each inserting the job of its key in its own batch): sent when the job is new,
 * and for an existing one only when it has waited Pending over a minute (its message lost).
 * `createJob` queues a Pending job's message at every repeat instead, which here would put hundreds
 * of messages of one job on the queue.
 */
export async function queueKeyedJob(deps: JobDeps, type: JobType, job: KeyedJob, now: Date): Promise<void> {
  if (job.created) return enqueue(deps, type, job.id);
  const waited = now.getTime() - Date.parse(`${job.createdAt.replace(" ", "T")}Z`);
  if (job.status === "Pending" && !(waited < LOST_MESSAGE_AFTER_MS)) await enqueue(deps, type, job.id);
}

/**
 * Creates the job (status Pending) and queues its message. The unique index on (company, route,
 * hash) decides between concurrent requests for the same content: the loser answers the winner's id.
 */
export async function createJob(deps: JobDeps, request: NewJobRequest): Promise<JobCreation> {
  const jobId = await insertJobIfNew(deps.db, request);
  if (jobId !== null) {
    await enqueue(deps, request.type, jobId);
    return { jobId, created: true, fileKey: request.fileKey };
  }
  const existing = await findJobByHash(deps.db, request.companyId, request.route, request.fileHash);
  if (!existing) throw new Error("job insert conflicted but no job holds the hash");
  return reuseExistingJob(deps, existing, request);
}
