import { codeForStatus } from "../lib/errors";
import { log } from "../lib/log";
import { countedEnv, D1_QUERIES_PER_INVOCATION, type D1Calls, noCalls } from "./d1-counter";

/*
 * D1's limit of 1,000 queries per Worker invocation, enforced where Miniflare does not: when the
 * variable `D1_BUDGET` is "enforce" (set by the test configuration only, vitest.config.ts), the
 * Worker's entry (src/index.ts) hands each request, queue delivery and cron run its own counted
 * copy of `env` (every D1 binding counted, src/platform/d1-counter.ts). An invocation that passes
 * the limit fails loudly: one error log line naming the count and the work (route, queue and jobs,
 * cron), a 500 answer for a request, a thrown error for a queue delivery or a cron run, and an
 * entry in the list of overruns the test setup checks after every test (test/setup/d1-budget.ts),
 * so the test that caused it fails even when the queue itself delivered the message (a thrown
 * delivery is only retried). Without the variable (production, development) nothing is wrapped
 * nor counted: no cost, no change.
 */

/** The value of `D1_BUDGET` that turns the check on. */
const ENFORCE = "enforce";

/** One invocation above the limit: what it was and how many D1 calls it made. */
export type D1Overrun = { work: string; calls: D1Calls };

/** Kept on the global object: the test setup and the Worker's entry share it whatever module copy they load. */
const OVERRUNS = Symbol.for("finance-backoffice.d1-overruns");

function overrunList(): D1Overrun[] {
  const holder = globalThis as unknown as Record<symbol, D1Overrun[] | undefined>;
  holder[OVERRUNS] ??= [];
  return holder[OVERRUNS];
}

/** The overruns recorded since the last call, removed from the list (the test setup reads them). */
export function takeD1Overruns(): D1Overrun[] {
  return overrunList().splice(0);
}

/** The message of an overrun, as logged, answered and thrown. */
export const overrunMessage = ({ work, calls }: D1Overrun) =>
  `D1 budget exceeded: ${calls.total} D1 calls in one invocation (${work}), limit ${D1_QUERIES_PER_INVOCATION}: ` +
  `${calls.single} single statements, ${calls.batches} batches of ${calls.batchStatements} statements`;

const enforced = (env: object) => (env as { D1_BUDGET?: unknown }).D1_BUDGET === ENFORCE;

/** Records and logs an invocation above the limit; answers the overrun, or null within the limit. */
function checked(work: string, calls: D1Calls): D1Overrun | null {
  if (calls.total <= D1_QUERIES_PER_INVOCATION) return null;
  const overrun = { work, calls: { ...calls } };
  overrunList().push(overrun);
  log("error", overrunMessage(overrun), { d1Calls: calls.total, work });
  return overrun;
}

/** A request: its answer, or a 500 naming the overrun when it passed the limit. */
export async function guardedFetch<E extends object>(
  request: Request,
  env: E,
  handle: (env: E) => Response | Promise<Response>,
): Promise<Response> {
  if (!enforced(env)) return handle(env);
  const calls = noCalls();
  const response = await handle(countedEnv(env, calls));
  const overrun = checked(`${request.method} ${new URL(request.url).pathname}`, calls);
  if (!overrun) return response;
  await response.body?.cancel();
  return Response.json({ errorMessage: overrunMessage(overrun), code: codeForStatus(500) }, { status: 500 });
}

/** A queue delivery or a cron run: throws, naming the overrun, when it passed the limit. */
export async function guardedRun<E extends object>(
  work: () => string,
  env: E,
  run: (env: E) => Promise<void>,
): Promise<void> {
  if (!enforced(env)) return run(env);
  const calls = noCalls();
  const outcome = await run(countedEnv(env, calls)).then(
    () => ({ failed: false as const }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  // the overrun is the failure to report, whatever the run did
  const overrun = checked(work(), calls);
  if (overrun) throw new Error(overrunMessage(overrun));
  if (outcome.failed) throw outcome.error;
}

/** How a queue delivery is named in an overrun: the queue and what its messages ask for. */
export function queueWork(batch: MessageBatch<unknown>): string {
  const asked = batch.messages.map(({ body }) => {
    const message = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const kind = message.type ?? message.kind ?? "message";
    return message.jobId === undefined ? String(kind) : `${String(kind)} job ${String(message.jobId)}`;
  });
  return `queue ${batch.queue}: ${batch.messages.length} messages (${asked.join(", ")})`;
}
