// Every benchmark in one run, and one table of their verdicts:
//   npm run bench                       each scripts/bench-*.mjs at the sizes of QUICK (under 10 minutes
//                                       together on a 2-core machine)
//   npm run bench -- --full             each at its own defaults, the published sizes
//   npm run bench -- --only orders,hub  those benchmarks alone
//   npm run bench -- --markdown FILE    also writes the table (with the machine) as Markdown to FILE
// Each benchmark runs alone, one after the other, its output kept in a log file (printed on a
// failure); its verdicts (checkRatio, checkBound, checkAtMost, checkAtLeast, checkD1Calls, verdict of
// scripts/lib/bench-report.mjs) come back as rows through the file named by BENCH_ROWS. Columns:
// work, size, figure, what it is compared with (the floor, or the bound for a bulk work, both
// measured in the same run), ratio, target, verdict (OK/FAIL; met/not met for a bound), the ratio to
// the old floor of a bulk work (information), and the highest D1 calls of one invocation where the
// benchmark observes it. A bulk work's verdict is its ratio to its bound (docs/PERFORMANCE.md, "Bulk
// targets against their bound"): the row `checkBound` records (bench-cnab's return, bench-hub's
// Mercado Livre pull). Exits 1 when any row fails.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const root = new URL("..", import.meta.url).pathname;

const { values: options } = parseArgs({
  options: {
    full: { type: "boolean", default: false },
    only: { type: "string" },
    markdown: { type: "string" },
  },
});

/**
 * The quick sizes: each benchmark's work at a size that shows the same ratios in a fraction of the
 * time (the `size` column says which). `--full` passes none: each script's defaults.
 */
const QUICK = {
  parse: ["--transactions", "10000", "--rounds", "5"],
  balances: ["--accounts", "1", "--requests", "20"],
  http: ["--duration", "2", "--connections", "10", "--rounds", "10"],
  orders: ["--requests", "20", "--page-requests", "10", "--template-orders", "2000"],
  import: ["--lines", "2000", "--runs", "1"],
  cnab: ["--titles", "2000", "--runs", "1"],
  pix: ["--pix", "500", "--runs", "1"],
  events: ["--events", "2000", "--runs", "1", "--end-to-end", "500"],
  hub: ["--orders", "1000"],
  nfe: ["--files", "200"],
  "nfe-emit": ["--orders", "200"],
  openfinance: ["--transactions", "2000", "--runs", "1", "--rounds", "3"],
  purchase: ["--items", "500", "--rounds", "3"],
  stock: ["--requests", "20", "--rounds", "1"],
};

const names = readdirSync(join(root, "scripts"))
  .map((file) => /^bench-(.+)\.mjs$/.exec(file)?.[1])
  .filter((name) => name !== undefined)
  .sort();
const wanted = options.only ? options.only.split(",") : names;
for (const name of wanted)
  if (!names.includes(name)) throw new Error(`no benchmark scripts/bench-${name}.mjs (${names.join(", ")})`);

const dir = mkdtempSync(join(tmpdir(), "bench-run-"));
const rowsFile = join(dir, "rows.jsonl");
writeFileSync(rowsFile, "");

const machine = () => {
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    load: `${one} ${five} ${fifteen}`,
  };
};
const startedAt = new Date();
const before = machine();

/** Runs one benchmark with its output in a log; answers its exit code and minutes. */
function run(name, args) {
  const log = join(dir, `bench-${name}.log`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, "scripts", `bench-${name}.mjs`), ...args], {
      cwd: root,
      env: { ...process.env, BENCH_ROWS: rowsFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    child.on("close", (code) => {
      writeFileSync(log, Buffer.concat(out));
      resolve({ code: code ?? 1, minutes: (performance.now() - started) / 60_000, log });
    });
  });
}

const sizeOf = (args) => (args.length === 0 ? "defaults" : args.join(" ").replaceAll("--", ""));
const runs = [];
for (const name of wanted) {
  const args = options.full ? [] : (QUICK[name] ?? []);
  process.stdout.write(`bench-${name} ${args.join(" ")}... `);
  const result = await run(name, args);
  runs.push({ name, args, ...result });
  console.log(`exit ${result.code}, ${result.minutes.toFixed(1)} min (log ${result.log})`);
}

const rows = readFileSync(rowsFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
for (const { name, args, code, log } of runs) {
  const own = rows.filter((row) => row.script === `bench-${name}`);
  for (const row of own) row.size ??= sizeOf(args);
  const output = readFileSync(log, "utf8");
  // a benchmark that stopped on an uncaught error, or failed without a failing verdict
  if (code !== 0 && (own.every((row) => row.ok) || output.includes("triggerUncaughtException"))) {
    const error = output
      .split("\n")
      .find((line) => /Error\b/.test(line))
      ?.trim();
    rows.push({
      script: `bench-${name}`,
      work: `exited ${code}${error ? `: ${error}` : ""} (log ${log})`,
      size: sizeOf(args),
      ok: false,
    });
  }
}

const after = machine();
const header = [
  "benchmark",
  "work",
  "size",
  "figure",
  "floor or bound",
  "ratio",
  "target",
  "verdict",
  "ratio to the old floor (information)",
  "D1 calls/invocation",
];
const judgedOnBound = (row) => row.bound !== undefined;
const cells = rows.map((row) => [
  row.script.replace(/^bench-/, ""),
  row.work,
  row.size ?? "",
  row.figure ?? "",
  judgedOnBound(row) ? `the ${row.boundOf} bound${row.bound ? ` ${row.bound}` : ""}` : (row.floor ?? ""),
  row.ratio ?? "",
  row.target ?? "",
  judgedOnBound(row) ? (row.ok ? "met" : "not met") : row.ok ? "OK" : "FAIL",
  judgedOnBound(row) ? (row.floorRatio ?? "") : "",
  row.d1 === undefined ? "" : String(row.d1),
]);
const cellText = (cell) => cell.replaceAll("|", "\\|");
const table = [
  `| ${header.join(" | ")} |`,
  `|${header.map(() => "---").join("|")}|`,
  ...cells.map((line) => `| ${line.map(cellText).join(" | ")} |`),
].join("\n");
const minutes = runs.reduce((sum, r) => sum + r.minutes, 0);
const about = [
  `Measured ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${options.full ? "published sizes (--full)" : "quick sizes (npm run bench)"}, ${minutes.toFixed(1)} min in all.`,
  `Machine: ${before.cores} cores (nproc), ${before.cpu}; load average (1, 5, 15 min) ${before.load} at the start, ${after.load} at the end.`,
].join("\n");

console.log(`\n${about}\n\n${table}\n`);
const failed = rows.filter((row) => !row.ok).length;
console.log(failed === 0 ? `All ${rows.length} rows OK.` : `${failed} of ${rows.length} rows FAIL.`);
if (options.markdown) writeFileSync(options.markdown, `${about}\n\n${table}\n`);
process.exitCode = failed === 0 ? 0 : 1;
