// `npm test`: the static checks (`npm run check`: tsc, biome, knip, dependency-cruiser) and every
// vitest project, side by side. The type check is one long single-threaded task and the test
// workers leave part of the two cores idle while they wait on workerd, so running them together
// saves most of the check's time. The check's output is held and printed after the tests, with its
// verdict, so the last lines of a run say what failed; the exit code is non-zero when either failed.
// Arguments go to vitest (`npm test -- test/routes/titles`).
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { signalGroup } from "./lib/run-command.mjs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";

/** Exit code of a child process (1 when it was killed by a signal). */
const finished = (child) =>
  new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });

const checkOutput = [];
const check = spawn(npm, ["run", "--silent", "check"], { stdio: ["ignore", "pipe", "pipe"] });
// The check (about 110 CPU seconds, mostly tsc) yields to the tests, which take longest: at a lower
// priority it runs on the CPU the test workers leave while they wait on workerd. Set before npm starts
// its children (they inherit it); where it cannot be set, the check runs as it is.
try {
  if (check.pid) setPriority(check.pid, 10);
} catch {}
check.stdout.on("data", (chunk) => checkOutput.push(chunk));
check.stderr.on("data", (chunk) => checkOutput.push(chunk));

// vitest in its own process group, so that what a hung run leaves (workerd, wrangler) can be ended with it
const tests = spawn(npx, ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit", detached: true });
const signalTests = (signal) => signalGroup(tests.pid, signal);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    signalTests(signal);
    check.kill(signal);
  });
}
// test/support/hang-watch-reporter.mjs ends a run past its deadline and says where it stood; should
// vitest itself be stuck, this ends it a little later, so a hang fails the run instead of outlasting CI
const deadlineMinutes = (Number(process.env.TEST_DEADLINE_MINUTES) || 30) + 3;
const backstop = setTimeout(() => {
  process.stdout.write(`\nvitest did not end within ${deadlineMinutes} min: killed\n`);
  signalTests("SIGKILL");
}, deadlineMinutes * 60_000);

const [checkCode, testsCode] = await Promise.all([finished(check), finished(tests)]);
clearTimeout(backstop);
// anything the run left behind goes with it
signalTests("SIGKILL");

process.stdout.write("\n── npm run check (tsc, biome, knip, dependency-cruiser) ──\n");
process.stdout.write(Buffer.concat(checkOutput));
process.stdout.write(checkCode === 0 ? "check: passed\n" : `check: FAILED (exit ${checkCode})\n`);
process.stdout.write(testsCode === 0 ? "tests: passed\n" : `tests: FAILED (exit ${testsCode})\n`);
process.exit(checkCode !== 0 ? checkCode : testsCode);
