/// <reference types="node" />
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModule } from "./run-command";

// The reporter that ends a hung run (test/support/hang-watch-reporter.mjs), driven by hand: a clock
// of its own, its exit and its log recorded, a run of fake files.
type FakeModule = { moduleId: string; ok: () => boolean; state: () => string };
type Reporter = {
  onInit(vitest: unknown): void;
  onTestRunStart(specifications: unknown[]): void;
  onTestModuleStart(module: FakeModule): void;
  onTestCaseReady(test: { module: FakeModule; fullName: string }): void;
  onTestModuleEnd(module: FakeModule): void;
  onTestRunEnd(): void;
  watch(): Promise<void>;
};
type ReporterClass = new (options: {
  clock: () => number;
  exit: (code: number) => void;
  log: (line: string) => void;
  deadlineMinutes: number;
  tickMs: number;
}) => Reporter;

const file = (name: string, passed = true): FakeModule => ({
  moduleId: join(process.cwd(), name),
  ok: () => passed,
  state: () => (passed ? "passed" : "failed"),
});

async function watchedRun(files: FakeModule[], { unhandled = [] as unknown[] } = {}) {
  const { default: HangWatchReporter } = await loadModule<{ default: ReporterClass }>(
    "test/support/hang-watch-reporter.mjs",
  );
  let now = 1_000_000;
  const exits: number[] = [];
  const lines: string[] = [];
  const ends: { modules: unknown[]; state: string }[] = [];
  const reporter = new HangWatchReporter({
    clock: () => now,
    exit: (code) => exits.push(code),
    log: (line) => lines.push(line),
    deadlineMinutes: 30,
    tickMs: 3_600_000,
  });
  const other = {
    onTestRunEnd: (modules: unknown[], _errors: unknown[], state: string) => ends.push({ modules, state }),
  };
  reporter.onInit({
    state: { getTestModules: () => files, getUnhandledErrors: () => unhandled },
    reporters: [other, reporter],
  });
  reporter.onTestRunStart(files);
  return {
    reporter,
    exits,
    lines,
    ends,
    after: async (seconds: number) => {
      now += seconds * 1000;
      await reporter.watch();
    },
  };
}

describe("the hang watch of the test run (test/support/hang-watch-reporter.mjs)", () => {
  it("ends a run whose files all reported, 15 s after the last, with their results", async () => {
    const files = [file("test/a.test.ts"), file("test/b.test.ts")];
    const run = await watchedRun(files);
    for (const module of files) run.reporter.onTestModuleStart(module);
    for (const module of files) run.reporter.onTestModuleEnd(module);
    await run.after(14);
    expect(run.exits).toEqual([]);
    await run.after(2);
    // the other reporters end the run as vitest would have (the summary, the recap), then the exit
    expect(run.ends).toEqual([{ modules: files, state: "passed" }]);
    expect(run.exits).toEqual([0]);
    expect(run.lines.join("\n")).toContain("every file reported its results (2 of 2)");
    // once
    await run.after(60);
    expect(run.exits).toEqual([0]);
  });

  it("ends a stalled run that failed with exit code 1", async () => {
    const files = [file("test/a.test.ts"), file("test/b.test.ts", false)];
    const run = await watchedRun(files);
    for (const module of files) run.reporter.onTestModuleStart(module);
    for (const module of files) run.reporter.onTestModuleEnd(module);
    await run.after(16);
    expect(run.ends).toEqual([{ modules: files, state: "failed" }]);
    expect(run.exits).toEqual([1]);
  });

  it("looks at the run every 5 s: a stalled end costs 20 s at most", async () => {
    const { default: HangWatchReporter } = await loadModule<{ default: ReporterClass }>(
      "test/support/hang-watch-reporter.mjs",
    );
    const reporter = new HangWatchReporter({} as never) as Reporter & { tickMs: number };
    expect(reporter.tickMs).toBe(5_000);
  });

  it("does not end a run that still has files to run, nor one vitest ended", async () => {
    const files = [file("test/a.test.ts"), file("test/b.test.ts")];
    const run = await watchedRun(files);
    run.reporter.onTestModuleStart(files[0]!);
    run.reporter.onTestModuleEnd(files[0]!);
    await run.after(600);
    expect(run.exits).toEqual([]);
    run.reporter.onTestModuleStart(files[1]!);
    run.reporter.onTestModuleEnd(files[1]!);
    run.reporter.onTestRunEnd();
    await run.after(600);
    expect(run.exits).toEqual([]);
    expect(run.ends).toEqual([]);
  });

  it("names the files that run long, then ends the run at its deadline with the test each one is in", async () => {
    const files = [file("test/a.test.ts"), file("test/stuck.test.ts")];
    const run = await watchedRun(files);
    for (const module of files) run.reporter.onTestModuleStart(module);
    run.reporter.onTestCaseReady({ module: files[1]!, fullName: "the suite > the test" });
    run.reporter.onTestModuleEnd(files[0]!);
    await run.after(3 * 60);
    expect(run.lines.join("\n")).not.toContain("running for over");
    await run.after(2 * 60);
    expect(run.lines.join("\n")).toContain('test/stuck.test.ts: 5.0 min, in "the suite > the test"');
    expect(run.exits).toEqual([]);
    await run.after(26 * 60);
    const log = run.lines.join("\n");
    expect(log).toContain("the run passed its deadline of 30 min");
    expect(log).toContain('test/stuck.test.ts: 31.0 min, in "the suite > the test"');
    expect(run.exits).toEqual([1]);
    expect(run.ends).toEqual([]);
  });
});
