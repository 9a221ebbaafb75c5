// A vitest reporter that turns a hang into a readable failure. A test blocked in synchronous code
// (a child process run with spawnSync, a Worker stuck in a loop inside workerd) never reaches its
// timeout, and the run would wait until CI kills it, printing nothing about where it stands. This
// reporter prints the run's seed first, then, once a minute, every file running for longer than
// SLOW_FILE_MINUTES with the test it is in; past the run's deadline (TEST_DEADLINE_MINUTES, 30 by
// default: a whole run takes 8 to 10 on a 2-core machine) it prints the files still running and ends
// the run with exit code 1.
const MINUTE = 60_000;
const SLOW_FILE_MINUTES = 4;
const DEADLINE_MINUTES = Number(process.env.TEST_DEADLINE_MINUTES) || 30;

export default class HangWatchReporter {
  onInit() {
    this.startedAt = Date.now();
    /** file -> { startedAt, test: the name of the test it last started } */
    this.running = new Map();
    console.log(
      `TEST_SEED=${process.env.TEST_SEED} (the run's seed: the same value replays its random cases)`,
    );
    this.timer = setInterval(() => this.watch(), MINUTE);
    this.timer.unref();
  }

  onTestModuleStart(module) {
    this.running.set(relative(module.moduleId), { startedAt: Date.now(), test: "(no test reported yet)" });
  }

  onTestCaseReady(test) {
    const entry = this.running.get(relative(test.module.moduleId));
    if (entry) entry.test = test.fullName;
  }

  onTestModuleEnd(module) {
    this.running.delete(relative(module.moduleId));
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  watch() {
    const now = Date.now();
    const minutes = (since) => ((now - since) / MINUTE).toFixed(1);
    const slow = [...this.running].filter(([, entry]) => now - entry.startedAt > SLOW_FILE_MINUTES * MINUTE);
    const lines = slow.map(
      ([file, entry]) => `  ${file}: ${minutes(entry.startedAt)} min, in "${entry.test}"`,
    );
    if (now - this.startedAt > DEADLINE_MINUTES * MINUTE) {
      console.log(
        `\nthe run passed its deadline of ${DEADLINE_MINUTES} min (TEST_DEADLINE_MINUTES); still running:`,
      );
      for (const [file, entry] of this.running) {
        console.log(`  ${file}: ${minutes(entry.startedAt)} min, in "${entry.test}"`);
      }
      console.log(`tests: FAILED (deadline), TEST_SEED=${process.env.TEST_SEED}`);
      process.exit(1);
    }
    if (lines.length > 0) {
      console.log(
        `\nrunning for over ${SLOW_FILE_MINUTES} min (${minutes(this.startedAt)} min into the run):`,
      );
      for (const line of lines) console.log(line);
    }
  }
}

const relative = (file) => file.replace(`${process.cwd()}/`, "");
