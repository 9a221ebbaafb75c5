// Figures shared by the benchmarks: percentiles and the verdict of a ratio to a floor measured in
// the same run (absolute times depend on the machine; the ratio to the floor does not, much).

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
export function checkRatio(name, measured, floor, target, unit = "ms") {
  const ratio = measured / floor;
  const figures = `${measured.toFixed(2)} ${unit} / floor ${floor.toFixed(2)} ${unit} = ${ratio.toFixed(2)}x`;
  return verdict(ratio <= target, `${name}: ${figures} (target <= ${target}x)`);
}

/** Prints `OK   line` or `FAIL line` (then the run exits 1); answers `passed`. */
export function verdict(passed, line) {
  if (passed) console.log(`OK   ${line}`);
  else {
    console.error(`FAIL ${line}`);
    process.exitCode = 1;
  }
  return passed;
}

/** Verdict on an absolute ceiling (only where a fixed limit is asked for, next to the ratio). */
export function checkAtMost(name, measured, limit, unit) {
  return verdict(measured <= limit, `${name}: ${measured.toFixed(2)} ${unit} (limit <= ${limit} ${unit})`);
}

/** Verdict on an absolute floor (a throughput). */
export function checkAtLeast(name, measured, minimum, unit) {
  return verdict(
    measured >= minimum,
    `${name}: ${measured.toFixed(2)} ${unit} (limit >= ${minimum} ${unit})`,
  );
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
