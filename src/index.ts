import { app } from "./app";
import type { JobMessage } from "./domain/jobs/job-message";
import type { Env } from "./env";
import { consumeJobs } from "./queue/consumer";
import { runScheduled } from "./scheduled";

export default {
  fetch: app.fetch,
  queue: (batch: MessageBatch<JobMessage>, env: Env, ctx: ExecutionContext) => consumeJobs(batch, env, ctx),
  scheduled: (controller: ScheduledController, env: Env) => runScheduled(controller, env),
} satisfies ExportedHandler<Env, JobMessage>;
