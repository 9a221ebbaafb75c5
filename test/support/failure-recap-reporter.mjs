// A vitest reporter that runs last: it lists every failed test, failed file and unhandled error
// once more in a few lines at the very end of the output, so a CI log that keeps only its tail
// still says what failed (the default reporter's details come earlier and can be cut), and every
// flaky test: one that passed only when retried (vitest.config.ts), with its first failure.
export default class FailureRecapReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const lines = [];
    for (const module of testModules) {
      const file = module.moduleId.replace(`${process.cwd()}/`, "");
      for (const error of module.errors()) lines.push(`FAIL ${file}: ${firstLine(error)}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        const why = [...new Set((result.errors ?? []).map(firstLine))].join(" | ");
        if (result.state === "failed") lines.push(`FAIL ${file} > ${test.fullName}: ${why}`);
        else if (test.diagnostic()?.flaky)
          lines.push(
            `FLAKY ${file} > ${test.fullName} (passed on retry ${test.diagnostic().retryCount}): ${why}`,
          );
      }
    }
    for (const error of unhandledErrors ?? []) lines.push(`UNHANDLED ${firstLine(error)}`);
    if (lines.length === 0) return;
    console.log(`\nfailures and flaky tests (${lines.length}):`);
    for (const line of lines) console.log(`  ${line.slice(0, 600)}`);
  }
}

function firstLine(error) {
  const text = `${error?.name ?? "Error"}: ${error?.message ?? String(error)}`;
  return text.split("\n").slice(0, 3).join(" ");
}
