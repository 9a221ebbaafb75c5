import { app } from "./app";
import { EVENTS_QUEUE } from "./domain/events/event-message";
import type { JobMessage } from "./domain/jobs/job-message";
import type { Env } from "./env";
import { consumeJobs } from "./queue/consumer";
import { consumeEvents } from "./queue/events-consumer";
import { runScheduled } from "./scheduled";

export default {
  fetch: app.fetch,
  queue: (batch: MessageBatch<JobMessage>, env: Env, ctx: ExecutionContext) =>
    batch.queue === EVENTS_QUEUE ? consumeEvents(batch, env) : consumeJobs(batch, env, ctx),
  scheduled: (controller: ScheduledController, env: Env) => runScheduled(controller, env),
} satisfies ExportedHandler<Env, JobMessage>;
