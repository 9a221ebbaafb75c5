import { afterAll, afterEach } from "vitest";
import { overrunMessage, takeD1Overruns } from "../../src/platform/invocation-guard";

/**
 * D1's limit of 1,000 queries per invocation, across the whole suite: the Worker's entry counts the
 * D1 calls of every request, queue delivery and cron run (the workers project sets D1_BUDGET=enforce,
 * vitest.config.ts) and records each invocation above the limit; the test during which one happened
 * fails here, even when it never saw the failed answer (a delivery of the real queue, retried).
 */
function failOnOverruns() {
  const overruns = takeD1Overruns();
  if (overruns.length > 0) throw new Error(overruns.map(overrunMessage).join("\n"));
}

afterEach(failOnOverruns);
afterAll(failOnOverruns);
