/**
 * Polling of the Pix received (`PixReceivedPoll`, one job per integration): `GET /v2/pix?inicio=&fim=`
 * over the window from the integration's cursor to now (less a lag), a chunk of pages at a time (the
 * chunk's first page tells how many pages there are, its other pages are asked at once), each chunk
 * ingested in one batch (inbox.ts); the cursor moves to `fim` in the batch of the last chunk,
 * so it moves only when the whole window was read. A redelivery reads the same window again (saved
 * on the job) and the dedupe key keeps every Pix single. A PSP failure records the integration's
 * state and backoff (poll-state.ts) and ends the job Failed with the PSP's readable reason.
 */

import { PIX_MAX_ITEMS_PER_PAGE } from "../../adapters/pix/bacen-api";
import type { ReceivedPix, ReceivedPixPage } from "../../adapters/pix/types";
import { findActiveAccount } from "../../db/bank-accounts";
import { findCompany } from "../../db/identity";
import { advanceJobProgress, findJobById } from "../../db/jobs";
import {
  findPixIntegration,
  insertPollJobIfNone,
  openPollJob,
  type PixIntegrationRow,
  pollableIntegrations,
  pollSucceeded,
  recordPollState,
} from "../../db/pix-inbox";
import type { Actor, Env } from "../../env";
import { DEFAULT_TIME_ZONE } from "../../lib/dates";
import { ApiError, badRequest } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import type { JobDeps } from "../jobs/create-job";
import { type JobContext, JobFailure, type JobOutcome, ProgressConflict } from "../jobs/job-context";
import { QUEUE_FAILURE } from "../jobs/messages";
import { pixPspFor } from "./connection";
import {
  addCounts,
  type Closing,
  type InboxCounts,
  type InboxTarget,
  ingestReceivedPix,
  NO_INBOX_COUNTS,
  PIX_PER_CHUNK,
} from "./inbox";
import { PIX_INBOX_MESSAGES as M } from "./inbox-messages";
import { failedPoll, pollWindow, utcText } from "./poll-state";

/** The PSP's default time limit per request of a poll (env `PIX_TIMEOUT_MS` overrides it). */
const DEFAULT_TIMEOUT_MS = 15_000;

export function pollIntegrationOf(params: string): number | null {
  try {
    const id = (JSON.parse(params) as { IDCompanyIntegration?: unknown }).IDCompanyIntegration;
    return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** The account and zone received Pix of the integration land in; refused when the account is gone. */
export async function inboxTargetOf(
  db: JobContext["db"],
  integration: PixIntegrationRow,
  jobId: number | null,
): Promise<InboxTarget> {
  const [account, company] = await Promise.all([
    findActiveAccount(db, integration.companyId, integration.bankAccountId),
    findCompany(db, integration.companyId),
  ]);
  if (!account) throw badRequest(M.accountInactive);
  return {
    companyId: integration.companyId,
    bankAccountId: integration.bankAccountId,
    jobId,
    timeZone: company?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** Where a poll job stands: its window (fixed by its first delivery) and the next page to read. */
type PollCursor = { start: string; end: string; page: number; counts: InboxCounts };

function savedCursor(text: string | null): PollCursor | null {
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as PollCursor;
    return typeof saved.start === "string" && typeof saved.end === "string" && Number.isInteger(saved.page)
      ? { ...saved, counts: { ...NO_INBOX_COUNTS, ...saved.counts } }
      : null;
  } catch {
    return null;
  }
}

/** `PixReceivedPoll`: the Pix received by one integration since its cursor. */
export async function pollReceivedPix(context: JobContext): Promise<JobOutcome> {
  const { db, job, budget } = context;
  const integrationId = pollIntegrationOf(job.params);
  if (integrationId === null) throw new JobFailure(M.pollParams);
  const integration = await findPixIntegration(db, job.companyId, integrationId);
  if (!integration) throw new JobFailure(M.integrationNotFound);
  const target = await jobStep(() => inboxTargetOf(db, integration, job.id));
  const env = (context.env ?? {}) as Env;
  const connection = await pixPspFor(env, db, integration, {
    timeoutMs: Number(env.PIX_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS,
    // the API's largest page (1,000, against its default of 100): a chunk's Pix in one request, ten
    // times fewer calls to a PSP that rate-limits (docs/PIX.md, "Polling")
    itemsPerPage: PIX_MAX_ITEMS_PER_PAGE,
  });
  if (!connection.ok) {
    await recordPollState(db, job.companyId, integrationId, {
      state: "NotConfigured",
      reason: connection.reason,
      failures: integration.failures,
      retryAfter: null,
    });
    throw new JobFailure(connection.reason);
  }
  const now = new Date();
  const window = pollWindow(integration.cursor, now);
  let cursor: PollCursor = savedCursor(job.cursor) ?? {
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    page: 0,
    counts: NO_INBOX_COUNTS,
  };
  if (Date.parse(cursor.end) < Date.parse(cursor.start)) return { status: "done", result: cursor.counts };
  let processed = job.processed;
  for (;;) {
    if (!budget.take()) return { status: "continue" };
    const query = { start: new Date(cursor.start), end: new Date(cursor.end) };
    const received: ReceivedPix[] = [];
    let page = cursor.page;
    let last: boolean;
    const read = async (pages: number[]) => {
      const answers = await Promise.all(pages.map((n) => connection.psp.listReceived({ ...query, page: n })));
      const values: ReceivedPixPage[] = [];
      for (const answer of answers) {
        if (!answer.ok) {
          const state = failedPoll(answer.failure, answer.reason, integration.failures, new Date());
          await recordPollState(db, job.companyId, integrationId, state);
          throw new JobFailure(answer.reason);
        }
        values.push(answer.value);
      }
      return values;
    };
    // the chunk's first page tells how many there are; the chunk's other pages are asked at once
    const [first] = await read([page]);
    received.push(...first!.pix);
    const end = Math.min(first!.pages, page + Math.max(1, Math.floor(PIX_PER_CHUNK / first!.itemsPerPage)));
    const others = await read(Array.from({ length: Math.max(0, end - page - 1) }, (_, i) => page + 1 + i));
    for (const other of others) received.push(...other.pix);
    page = Math.max(page + 1, end);
    last = page >= first!.pages;
    const from = { cursor, processed };
    const progress = (counts: InboxCounts) => {
      const next: PollCursor = { ...from.cursor, page, counts: addCounts(from.cursor.counts, counts) };
      return [
        advanceJobProgress(db, job.id, from.processed, from.processed + received.length, next.counts, next),
        ...(last ? [pollSucceeded(db, job.companyId, integrationId, from.cursor.end)] : []),
      ];
    };
    const counts = await ingestPage(context, target, received, progress, from.processed);
    processed += received.length;
    cursor = { ...cursor, page, counts: addCounts(cursor.counts, counts) };
    if (last) return { status: "done", result: cursor.counts };
  }
}

/**
 * Ingests a chunk with the job's progress in its batch. Refused because another delivery of the
 * same job moved it first: a progress conflict (this delivery stops); anything else is an error.
 */
async function ingestPage(
  context: JobContext,
  target: InboxTarget,
  received: ReceivedPix[],
  closing: Closing,
  processed: number,
): Promise<InboxCounts> {
  try {
    return await ingestReceivedPix(context.db, target, received, closing);
  } catch (error) {
    const current = await findJobById(context.db, context.job.id);
    if (current && (current.processed !== processed || current.status !== "Processing")) {
      throw new ProgressConflict(`poll job ${context.job.id} moved by another delivery`);
    }
    throw error;
  }
}

async function jobStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) throw new JobFailure(error.message);
    throw error;
  }
}

export type PollRequest = { jobId: number; created: boolean };

/**
 * A poll job of the integration, unless one is already waiting or running (then that one): one
 * statement decides between concurrent asks. A job still Pending gets its message again, which
 * repairs a send that failed.
 */
async function createPollJob(
  deps: JobDeps,
  companyId: number,
  integrationId: number,
  userId: number | null,
): Promise<PollRequest> {
  const jobId = await insertPollJobIfNone(deps.db, companyId, integrationId, userId);
  const open = jobId === null ? await openPollJob(deps.db, companyId, integrationId) : undefined;
  const id = jobId ?? open?.id;
  if (id === undefined) return createPollJob(deps, companyId, integrationId, userId);
  if (jobId !== null || open?.status === "Pending") {
    try {
      await deps.queue.send({ type: "PixReceivedPoll", account: deps.account, jobId: id });
    } catch (error) {
      log("error", "job message not sent", { account: deps.account, jobId: id, ...errorFields(error) });
      throw new ApiError(500, QUEUE_FAILURE);
    }
  }
  return { jobId: id, created: jobId !== null };
}

/** `POST /company/integration/{id}/pix/poll`: a poll now, whatever the integration's backoff. */
export async function requestPixPoll(
  deps: JobDeps,
  request: Actor & { integrationId: number },
): Promise<PollRequest> {
  const integration = await findPixIntegration(deps.db, request.companyId, request.integrationId);
  if (!integration) throw badRequest(M.integrationNotFound);
  return createPollJob(deps, request.companyId, request.integrationId, request.userId);
}

/** The cron: one poll job per active, configured integration whose backoff is over. */
export async function schedulePixPolls(deps: JobDeps, now: Date): Promise<number> {
  let created = 0;
  for (const { companyId, integrationId } of await pollableIntegrations(deps.db, utcText(now))) {
    const job = await createPollJob(deps, companyId, integrationId, null);
    if (job.created) created++;
  }
  return created;
}
