import { drizzleFor, tenantDatabase } from "../db/client";
import { PREVIOUS_STATEMENT_CHANGED } from "../db/events/outbox";
import { countFailedDelivery, failJob, findJobById, finishJob, type JobRow, startJob } from "../db/jobs";
import { requestDispatch } from "../domain/events/dispatch";
import { eventStatement } from "../domain/events/outbox";
import { askStockPublish } from "../domain/hub/mercado-livre/stock-publish";
import { CHUNKS_PER_INVOCATION } from "../domain/jobs/budget";
import { JobFailure, ProgressConflict, WorkBudget } from "../domain/jobs/job-context";
import { JOBS_DEAD_LETTER_QUEUE, type JobMessage, JobMessageSchema } from "../domain/jobs/job-message";
import { JOB_DEAD_LETTERED, jobGaveUp, jobTypeWithoutProcessing } from "../domain/jobs/messages";
import type { Env } from "../env";
import { JOB_CLEANUPS, JOB_HANDLERS } from "../jobs";
import { errorFields, log, withLogContext } from "../lib/log";

/** Chunks of work per invocation (all messages of the batch together): keeps an invocation under its limits (budget.ts). */
export { CHUNKS_PER_INVOCATION };
/**
 * Failed deliveries in a row (without progress) before a job is given up, counted on the job row
 * so a message sent again does not restart the count; at most the queue's max_retries, so a
 * message that keeps failing is given up by us, with its reason, before the dead-letter queue.
 */
export const MAX_ATTEMPTS = 5;

/** Retry delay growing with the attempts: 10 s, 20 s, 40 s, 80 s... at most 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 600);
}

/**
 * What the job's user can read of an unexpected error: its innermost cause (the query builder
 * wraps the database's own message in one naming the SQL).
 */
function failureDetail(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * The share of the invocation's remaining chunks for the next message of the batch: an equal part
 * of what is left, at least one chunk, so a large job never takes the whole invocation while the
 * batch holds other jobs.
 */
function fairShare(remainingChunks: number, messagesLeft: number): number {
  return Math.max(1, Math.floor(remainingChunks / Math.max(1, messagesLeft)));
}

/** Removes what the ended job left in R2 besides its file; a failure here only leaves an object behind. */
async function cleanUp(bucket: R2Bucket, job: JobRow): Promise<void> {
  try {
    await JOB_CLEANUPS[job.type as keyof typeof JOB_CLEANUPS]?.(bucket, job);
  } catch (error) {
    log("warn", "job leftovers not removed", errorFields(error));
  }
}

/** `continue`: the job has more work; its message is sent again after the batch's other messages. */
type Outcome = "ack" | "continue" | { continueAfter: number } | { retryAfter: number };

async function consumeMessage(
  message: Message<unknown>,
  env: Env,
  budget: WorkBudget,
  fromDeadLetter: boolean,
): Promise<Outcome> {
  const parsed = JobMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    log("error", "invalid job message dropped");
    return "ack";
  }
  const body: JobMessage = parsed.data;
  // From here on every log line of this message also carries its job's id and account.
  return withLogContext({ jobId: body.jobId, account: body.account }, async () => {
    try {
      return await consumeJob(message, body, env, budget, fromDeadLetter);
    } catch (error) {
      log("error", "job message not processed", errorFields(error));
      return { retryAfter: retryDelaySeconds(message.attempts) };
    }
  });
}

async function consumeJob(
  message: Message<unknown>,
  body: JobMessage,
  env: Env,
  budget: WorkBudget,
  fromDeadLetter: boolean,
): Promise<Outcome> {
  const database = tenantDatabase(env, body.account);
  if (!database) {
    log("error", "job message of an unknown account dropped");
    return "ack";
  }
  const db = drizzleFor(database);
  const job = await findJobById(db, body.jobId);
  if (!job || job.type !== body.type) {
    log("error", "job message without its job dropped");
    return "ack";
  }
  if (job.status === "Done" || job.status === "Failed") return "ack";
  if (fromDeadLetter) {
    await failJob(db, job.id, JOB_DEAD_LETTERED);
    await cleanUp(env.UPLOADS, job);
    return "ack";
  }
  const handler = JOB_HANDLERS[body.type];
  if (!handler) {
    await failJob(db, job.id, jobTypeWithoutProcessing(body.type));
    return "ack";
  }
  const started = await startJob(db, job.id);
  if (!started) return "ack";
  try {
    const outcome = await handler({
      db,
      account: body.account,
      bucket: env.UPLOADS,
      job: started,
      budget,
      credentialsKey: env.HUB_CREDENTIALS_KEY,
      env,
    });
    if (outcome.status === "continue") {
      await askDispatch(env, body.account, db);
      // a waking message does one delivery's work: the job's own message carries the rest
      if ("wake" in body && body.wake) return "ack";
      return outcome.delaySeconds ? { continueAfter: outcome.delaySeconds } : "continue";
    }
    const event = outcome.event
      ? eventStatement(db, job.companyId, outcome.event, { onlyIf: PREVIOUS_STATEMENT_CHANGED })
      : undefined;
    await finishJob(db, job.id, outcome.result, event);
    await cleanUp(env.UPLOADS, job);
    await askDispatch(env, body.account, db);
    return "ack";
  } catch (error) {
    if (error instanceof JobFailure) {
      await failJob(db, job.id, error.message);
      await cleanUp(env.UPLOADS, job);
      return "ack";
    }
    if (error instanceof ProgressConflict) {
      log("warn", "job advanced by another delivery", { detail: error.message });
      return "ack";
    }
    const failures = await countFailedDelivery(db, job.id);
    log("error", "job attempt failed", { attempts: message.attempts, failures, ...errorFields(error) });
    if (failures === undefined) return "ack";
    if (failures >= MAX_ATTEMPTS) {
      await failJob(db, job.id, jobGaveUp(failures, failureDetail(error)));
      await cleanUp(env.UPLOADS, job);
      return "ack";
    }
    return { retryAfter: retryDelaySeconds(failures) };
  }
}

/**
 * Queue entry point for the jobs queue and its dead-letter queue. Each message is validated,
 * routed to its account's database and to the handler of its job type. Done or Failed jobs are
 * acknowledged without work, so redeliveries are harmless; failures retry with growing delays,
 * and a job that cannot finish ends Failed with its reason.
 *
 * Fairness: each message of the batch gets its share of the invocation's chunks (`fairShare`), so
 * a small job in the same batch as a large one finishes now; a job with more work is sent again
 * only after the whole batch, behind the messages already waiting in the queue.
 */
export async function consumeJobs(
  batch: MessageBatch<unknown>,
  env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  let remaining = CHUNKS_PER_INVOCATION;
  const fromDeadLetter = batch.queue === JOBS_DEAD_LETTER_QUEUE;
  const continuing: { message: Message<unknown>; delaySeconds?: number }[] = [];
  for (const [index, message] of batch.messages.entries()) {
    const budget = new WorkBudget(
      fairShare(remaining, batch.messages.length - index),
      remaining,
      remaining === CHUNKS_PER_INVOCATION,
    );
    // Every log line of this message carries its id.
    const outcome = await withLogContext({ messageId: message.id }, () =>
      consumeMessage(message, env, budget, fromDeadLetter),
    );
    remaining -= budget.used;
    if (outcome === "ack") message.ack();
    else if (outcome === "continue") continuing.push({ message });
    else if ("continueAfter" in outcome) continuing.push({ message, delaySeconds: outcome.continueAfter });
    else message.retry({ delaySeconds: outcome.retryAfter });
  }
  for (const { message, delaySeconds } of continuing) {
    try {
      await env.JOBS.send(message.body as JobMessage, delaySeconds ? { delaySeconds } : undefined);
      message.ack();
    } catch (error) {
      // the progress is committed: the retried message resumes from it
      log("error", "job continuation not sent", { messageId: message.id, ...errorFields(error) });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/**
 * After each step of a job: the events it wrote (its own end event, or those its chunks wrote, such
 * as `title.paid` of a bank return or of received Pix) go out now, not at the next sweep. One read
 * when the outbox is empty; a failure to ask is logged, never fails the job (the sweep sends them).
 */
async function askDispatch(
  env: Env,
  account: string,
  db: Parameters<typeof requestDispatch>[2],
): Promise<void> {
  await requestDispatch(env.EVENTS, account, db).catch((error) =>
    log("error", "event dispatch not requested", errorFields(error)),
  );
  // the stock outbox (Mercado Livre listings), written by the stock tables' own triggers
  await askStockPublish(db, env.JOBS, account);
}
