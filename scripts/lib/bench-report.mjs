// Figures shared by the benchmarks: percentiles and the verdict of a ratio to a floor measured in
// the same run (absolute times depend on the machine; the ratio to the floor does not, much).
//
// Each verdict is printed as before and, when the runner (scripts/bench.mjs) names a file in
// BENCH_ROWS, also appended to it as one JSON line, a row of the one table the runner prints:
// { script, work, size, figure, floor, ratio, target, ok, d1 }, and for a bulk work judged against
// its bound (`checkBound`) also { bound, boundOf, floorRatio }. A script run alone writes no file.
import { appendFileSync } from "node:fs";
import { basename } from "node:path";

/** The script that runs (e.g. bench-orders), named in each row. */
const script = basename(process.argv[1] ?? "bench", ".mjs");

/**
 * Appends one row of the runner's table (no-op without BENCH_ROWS). `size` is what the script
 * measured at (e.g. "10,000 orders"); without it the runner shows the size flags it passed.
 */
export function recordRow(row) {
  const file = process.env.BENCH_ROWS;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ script, ...row })}\n`);
}

/**
 * The highest D1 calls of one invocation the bench Worker (scripts/bench/worker-entry.ts) saw since
 * the last reset, one row per queue and one for the route that made the most (then resets).
 */
export async function checkWorkerD1Calls(mf, { size } = {}) {
  const answer = await (await mf.dispatchFetch("http://bench.localhost/__bench/d1-calls?reset=1")).json();
  for (const [queue, seen] of Object.entries(answer.queues))
    checkD1Calls(`queue ${queue} (${count(seen.invocations)} invocations)`, seen.highest, { size });
  const [route, seen] = Object.entries(answer.routes).sort((a, b) => b[1].highest - a[1].highest)[0] ?? [];
  if (route) checkD1Calls(`${route}, the costliest request`, seen.highest, { size });
}

/** `n` with thousands separators, for sizes and figures. */
const count = (n) => n.toLocaleString("en-US");

/**
 * Records the highest D1 calls one invocation made where the bench observes it (a row of its own,
 * checked against D1's 1,000 queries per invocation): answers whether it is within.
 */
export function checkD1Calls(work, highest, { size, limit = 1000 } = {}) {
  const ok = highest <= limit;
  console.log(
    `${ok ? "OK  " : "FAIL"} ${work}: highest D1 calls of one invocation ${highest} (limit ${limit})`,
  );
  if (!ok) process.exitCode = 1;
  recordRow({ work, size, figure: `${count(highest)} calls`, target: `<= ${count(limit)}`, ok, d1: highest });
  return ok;
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values) => percentile(values, 50);

/**
 * Prints `name: measured / floor = ratio (target)` and sets a failing exit code when the ratio
 * passes its target. Answers whether it passed.
 */
export function checkRatio(name, measured, floor, target, unit = "ms", { size } = {}) {
  const ratio = measured / floor;
  const figures = `${measured.toFixed(2)} ${unit} / floor ${floor.toFixed(2)} ${unit} = ${ratio.toFixed(2)}x`;
  const passed = printVerdict(ratio <= target, `${name}: ${figures} (target <= ${target}x)`);
  recordRow({
    work: name,
    size,
    figure: `${measured.toFixed(2)} ${unit}`,
    floor: `${floor.toFixed(2)} ${unit}`,
    ratio: `${ratio.toFixed(2)}x`,
    target: `<= ${target}x`,
    ok: passed,
  });
  return passed;
}

/**
 * The verdict of a bulk work against its bound measured in the same run (the least any
 * implementation doing that work can take here: docs/PERFORMANCE.md, "Bulk targets against their
 * bound"): prints the figures, then the verdict line
 *   verdict: <ratio>x the <of> bound (target <target>x): met|not met
 * (`of`: "rows'", "calls'"...), and records the row with the ratio to the old floor, when given, as
 * information. A ratio past the target fails the run, as every verdict. Answers whether it is met.
 */
export function checkBound(name, measured, bound, target, { of, floor, unit = "ms", size } = {}) {
  const ratio = measured / bound;
  const floorRatio = floor === undefined ? undefined : measured / floor;
  const met = ratio <= target;
  console.log(
    `     ${name}: ${measured.toFixed(2)} ${unit} / the ${of} bound ${bound.toFixed(2)} ${unit}${floorRatio === undefined ? "" : ` (${floorRatio.toFixed(2)}x the floor ${floor.toFixed(2)} ${unit}, information)`}`,
  );
  console.log(boundVerdictLine(ratio, of, target, met));
  if (!met) process.exitCode = 1;
  recordRow({
    work: name,
    size,
    figure: `${measured.toFixed(2)} ${unit}`,
    bound: `${bound.toFixed(2)} ${unit}`,
    boundOf: of,
    ratio: `${ratio.toFixed(2)}x`,
    target: `<= ${target}x the ${of} bound`,
    floor: floor === undefined ? undefined : `${floor.toFixed(2)} ${unit}`,
    floorRatio: floorRatio === undefined ? undefined : `${floorRatio.toFixed(2)}x`,
    ok: met,
  });
  return met;
}

/** `verdict: 1.43x the rows' bound (target 1.5x): met`. */
const boundVerdictLine = (ratio, of, target, met) =>
  `verdict: ${ratio.toFixed(2)}x the ${of} bound (target ${target}x): ${met ? "met" : "not met"}`;

function printVerdict(passed, line) {
  if (passed) console.log(`OK   ${line}`);
  else {
    console.error(`FAIL ${line}`);
    process.exitCode = 1;
  }
  return passed;
}

/**
 * Prints `OK   line` or `FAIL line` (then the run exits 1); answers `passed`. A row of the table
 * whose work is the line (a check with no figure of its own: "0 events delivered twice").
 */
export function verdict(passed, line, { size } = {}) {
  printVerdict(passed, line);
  recordRow({ work: line, size, ok: passed });
  return passed;
}

/** Verdict on an absolute ceiling (only where a fixed limit is asked for, next to the ratio). */
export function checkAtMost(name, measured, limit, unit, { size } = {}) {
  const passed = printVerdict(
    measured <= limit,
    `${name}: ${measured.toFixed(2)} ${unit} (limit <= ${limit} ${unit})`,
  );
  recordRow({
    work: name,
    size,
    figure: `${measured.toFixed(2)} ${unit}`,
    target: `<= ${limit} ${unit}`,
    ok: passed,
  });
  return passed;
}

/** Verdict on an absolute floor (a throughput). */
export function checkAtLeast(name, measured, minimum, unit, { size } = {}) {
  const passed = printVerdict(
    measured >= minimum,
    `${name}: ${measured.toFixed(2)} ${unit} (limit >= ${minimum} ${unit})`,
  );
  recordRow({
    work: name,
    size,
    figure: `${measured.toFixed(2)} ${unit}`,
    target: `>= ${minimum} ${unit}`,
    ok: passed,
  });
  return passed;
}

/**
 * Runs every measurement in turn, `rounds` times (after `warmUp` untimed rounds), rotating the order,
 * so load from other processes on the machine hits each alike. Answers the timings (ms) per name.
 */
export async function interleaved(measurements, { rounds, warmUp = 5 }) {
  const names = Object.keys(measurements);
  const timings = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < warmUp + rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const started = performance.now();
      await measurements[name]();
      if (round >= warmUp) timings[name].push(performance.now() - started);
    }
  }
  return timings;
}

/** Verdict on the test suite's invariant checker run on the bench Worker's database after the work. */
export async function checkInvariants(mf, name, extra = {}) {
  const answer = await mf.dispatchFetch("http://bench.localhost/__bench/invariants");
  const text = await answer.text();
  if (!answer.ok)
    return verdict(false, `${name}: the invariant checker failed: ${text.slice(0, 300)}`, extra);
  const violations = JSON.parse(text);
  for (const violation of violations.slice(0, 10)) console.error(`  invariant: ${violation}`);
  return verdict(violations.length === 0, `${name}: ${violations.length} invariant violations`, extra);
}
