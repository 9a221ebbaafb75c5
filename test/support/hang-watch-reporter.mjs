// A vitest reporter that turns a hang into a readable ending instead of a run that outlasts CI.
//
// - It prints the run's seed first (the random cases of the fuzz and invariant suites replay from it).
// - Once a minute it prints every file running for over SLOW_FILE_MINUTES, with the test it is in.
// - A test blocked in synchronous code (a child process run with spawnSync, a Worker stuck in a loop
//   inside workerd) never reaches its timeout: past the run's deadline (TEST_DEADLINE_MINUTES, 30 by
//   default; a whole run takes 7 to 10 minutes on a 2-core machine) it prints the files still running
//   and ends the run with exit code 1.
// - Every file reported its results, yet vitest does not end the run: the workers pool can stall after
//   a file's results are in, its runner never sending the end of the file that the pool waits for
//   (seen here in 6 of 10 runs of the fuzz and invariant suites alone, after different files; like
//   cloudflare/workers-sdk#15498, open). After STALL_SECONDS with nothing left to run, it ends the run
//   itself with those results (a healthy vitest ends its run within a second of the last file's
//   results: 0.1 s measured on a 2-core machine at load 12; the watch looks every TICK_SECONDS, so a
//   stalled end costs 15 to 20 s):
//   every reporter's end of run (the summary, the fuzz totals, the recap of failures and flaky
//   tests), then exit code 1 when a file failed or did not finish, or a reporter set it, else 0.
const MINUTE = 60_000;
const SLOW_FILE_MINUTES = 4;
const STALL_SECONDS = 15;
const TICK_SECONDS = 5;

export default class HangWatchReporter {
  /**
   * `clock`, `exit` and `log` stand in for Date.now, process.exit and console.log in the reporter's
   * own test; `deadlineMinutes` defaults to TEST_DEADLINE_MINUTES, else 30.
   */
  constructor({
    clock = Date.now,
    exit = (code) => process.exit(code),
    log = console.log,
    deadlineMinutes = Number(process.env.TEST_DEADLINE_MINUTES) || 30,
    tickMs = TICK_SECONDS * 1000,
  } = {}) {
    Object.assign(this, { clock, exit, log, deadlineMinutes, tickMs });
  }

  onInit(vitest) {
    this.vitest = vitest;
    this.startedAt = this.clock();
    /** file -> { startedAt, test: the name of the test it last started } */
    this.running = new Map();
    this.expected = Number.POSITIVE_INFINITY;
    this.ended = 0;
    this.lastEndAt = this.startedAt;
    this.lastSlowReport = this.startedAt;
    this.log(`TEST_SEED=${process.env.TEST_SEED} (the run's seed: the same value replays its random cases)`);
    this.timer = setInterval(() => this.watch(), this.tickMs);
    this.timer.unref?.();
  }

  onTestRunStart(specifications) {
    this.expected = specifications.length;
  }

  onTestModuleStart(module) {
    this.running.set(relative(module.moduleId), { startedAt: this.clock(), test: "(no test reported yet)" });
  }

  onTestCaseReady(test) {
    const entry = this.running.get(relative(test.module.moduleId));
    if (entry) entry.test = test.fullName;
  }

  onTestModuleEnd(module) {
    this.running.delete(relative(module.moduleId));
    this.ended++;
    this.lastEndAt = this.clock();
  }

  onTestRunEnd() {
    this.finished = true;
    clearInterval(this.timer);
  }

  /** One look at the run: a stall after every result is in, the deadline, the files that run long. */
  async watch() {
    if (this.finished || this.ending) return;
    const now = this.clock();
    const minutes = (since) => ((now - since) / MINUTE).toFixed(1);
    const describe = ([file, entry]) => `  ${file}: ${minutes(entry.startedAt)} min, in "${entry.test}"`;
    if (
      this.ended >= this.expected &&
      this.running.size === 0 &&
      now - this.lastEndAt > STALL_SECONDS * 1000
    ) {
      this.ending = true;
      await this.endStalledRun();
      return;
    }
    if (now - this.startedAt > this.deadlineMinutes * MINUTE) {
      this.ending = true;
      this.log(
        `\nthe run passed its deadline of ${this.deadlineMinutes} min (TEST_DEADLINE_MINUTES); still running:`,
      );
      for (const entry of this.running) this.log(describe(entry));
      this.log(`tests: FAILED (deadline), TEST_SEED=${process.env.TEST_SEED}`);
      this.exit(1);
      return;
    }
    if (now - this.lastSlowReport < MINUTE) return;
    this.lastSlowReport = now;
    const slow = [...this.running].filter(([, entry]) => now - entry.startedAt > SLOW_FILE_MINUTES * MINUTE);
    if (slow.length === 0) return;
    this.log(`\nrunning for over ${SLOW_FILE_MINUTES} min (${minutes(this.startedAt)} min into the run):`);
    for (const entry of slow) this.log(describe(entry));
  }

  /** Ends the run with the results every file reported, as vitest would have. */
  async endStalledRun() {
    this.log(
      `\nevery file reported its results (${this.ended} of ${this.expected}), and vitest had not ended the run ` +
        `${STALL_SECONDS} s later: its workers pool stalled (cloudflare/workers-sdk#15498). The run ends here, with those results.`,
    );
    const modules = this.vitest.state.getTestModules();
    const errors = this.vitest.state.getUnhandledErrors();
    const failed =
      errors.length > 0 ||
      modules.some((module) => !module.ok() || ["pending", "queued"].includes(module.state()));
    const state = failed ? "failed" : "passed";
    for (const reporter of this.vitest.reporters) {
      if (reporter !== this) await reporter.onTestRunEnd?.(modules, [...errors], state);
    }
    this.onTestRunEnd();
    this.exit(failed || (process.exitCode ?? 0) !== 0 ? 1 : 0);
  }
}

const relative = (file) => file.replace(`${process.cwd()}/`, "");
