import type { Env } from "../env";
import { errorFields, log } from "../lib/log";
import { type JobMessage, JobMessageSchema } from "./messages";

/** Queue entry point: validates each message and hands it to the handler of its job type. */
export async function consumeJobs(
  batch: MessageBatch<JobMessage>,
  _env: Env,
  _ctx: ExecutionContext,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = JobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      log("error", "invalid job message dropped", { queue: batch.queue, id: message.id });
      message.ack();
      continue;
    }
    try {
      log("warn", "no handler for job type yet", { type: parsed.data.type, jobId: parsed.data.jobId });
      message.ack();
    } catch (error) {
      log("error", "job failed", { jobId: parsed.data.jobId, ...errorFields(error) });
      message.retry();
    }
  }
}
