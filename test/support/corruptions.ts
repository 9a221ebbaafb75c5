import { env } from "cloudflare:test";
import { expect } from "vitest";
import { invariantViolations } from "./invariants";

/**
 * One way the books can go wrong, to prove the invariant checker sees it: its name, the SQL that
 * breaks rows written through the API, the SQL that puts them back, and the violation expected.
 * A corruption or repair of several statements separates them by `;` at a line end.
 */
export type Corruption = [name: string, corrupt: () => string, repair: () => string, expected: RegExp];

/** Runs the statements of a corruption (or its repair) on the demo database, in one batch. */
function run(sql: string) {
  return env.DB_DEMO.batch(sql.split(/;\s*\n/).map((statement) => env.DB_DEMO.prepare(statement)));
}

/**
 * Corrupts, checks that the checker reports the expected violation, repairs (even when the check
 * failed) and checks that the books are clean again. Use as `it.each(corruptions)("reports %s", reports)`.
 */
export async function reports(...[, corrupt, repair, expected]: Corruption): Promise<void> {
  await run(corrupt());
  try {
    const violations = await invariantViolations(env.DB_DEMO);
    expect(
      violations.some((v) => expected.test(v)),
      violations.join("\n"),
    ).toBe(true);
  } finally {
    await run(repair());
  }
  expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
}
