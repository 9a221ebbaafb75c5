// A vitest reporter that runs last: it lists every failed test, failed file and unhandled error
// once more in a few lines at the very end of the output, so a CI log that keeps only its tail
// still says what failed (the default reporter's details come earlier and can be cut), and every
// flaky test: one that passed only when retried (vitest.config.ts), with its first failure. A flaky
// test fails the run: the retries show the flake, the exit code is not 0. Last, the run's wall time.
export default class FailureRecapReporter {
  onInit() {
    this.startedAt = performance.now();
  }

  onTestRunEnd(testModules, unhandledErrors) {
    this.recap(testModules, unhandledErrors);
    const seconds = (performance.now() - (this.startedAt ?? 0)) / 1000;
    console.log(`\ntotal wall time: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`);
  }

  recap(testModules, unhandledErrors) {
    const lines = [];
    let flaky = 0;
    for (const module of testModules) {
      const file = module.moduleId.replace(`${process.cwd()}/`, "");
      for (const error of module.errors()) lines.push(`FAIL ${file}: ${firstLine(error)}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        const why = [...new Set((result.errors ?? []).map(firstLine))].join(" | ");
        if (result.state === "failed") lines.push(`FAIL ${file} > ${test.fullName}: ${why}`);
        else if (test.diagnostic()?.flaky) {
          flaky++;
          lines.push(
            `FLAKY ${file} > ${test.fullName} (passed on retry ${test.diagnostic().retryCount}): ${why}`,
          );
        }
      }
    }
    for (const error of unhandledErrors ?? []) lines.push(`UNHANDLED ${firstLine(error)}`);
    if (lines.length === 0) return;
    console.log(`\nfailures and flaky tests (${lines.length}):`);
    for (const line of lines) console.log(`  ${line.slice(0, 600)}`);
    if (flaky > 0) {
      console.log(`${flaky} flaky test(s): the run fails until they pass the first time`);
      process.exitCode = 1;
    }
  }
}

function firstLine(error) {
  const text = `${error?.name ?? "Error"}: ${error?.message ?? String(error)}`;
  return text.split("\n").slice(0, 3).join(" ");
}
