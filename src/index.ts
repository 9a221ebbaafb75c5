import { app } from "./app";
import { EVENTS_QUEUE } from "./domain/events/event-message";
import type { JobMessage } from "./domain/jobs/job-message";
import type { Env } from "./env";
import { guardedFetch, guardedRun, queueWork } from "./platform/invocation-guard";
import { consumeJobs } from "./queue/consumer";
import { consumeEvents } from "./queue/events-consumer";
import { runScheduled } from "./scheduled";

// Each invocation goes through the D1 budget guard: nothing happens unless the test configuration
// asks for it (D1_BUDGET=enforce), then every D1 call is counted and an invocation above D1's 1,000
// fails loudly (src/platform/invocation-guard.ts).
export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    guardedFetch(request, env, (counted) => app.fetch(request, counted, ctx)),
  queue: (batch: MessageBatch<JobMessage>, env: Env, ctx: ExecutionContext) =>
    guardedRun(
      () => queueWork(batch),
      env,
      (counted) =>
        batch.queue === EVENTS_QUEUE ? consumeEvents(batch, counted) : consumeJobs(batch, counted, ctx),
    ),
  scheduled: (controller: ScheduledController, env: Env) =>
    guardedRun(
      () => `cron ${controller.cron}`,
      env,
      (counted) => runScheduled(controller, counted),
    ),
} satisfies ExportedHandler<Env, JobMessage>;
