// Node side of the fuzz tests (a vitest reporter). Tests run inside workerd, which cannot write
// files, so each fuzz test leaves its counts in `task.meta.fuzz`; at the end of the run this
// writes them per route to docs/artifacts/fuzz-summary.json (gitignored) and prints one line of
// totals (a table here would push the failures out of a CI log's visible tail).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../../", import.meta.url));

export default class FuzzSummaryReporter {
  onTestRunEnd(testModules) {
    const routes = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const fuzz = test.meta().fuzz;
        if (fuzz) routes.push({ ...fuzz, passed: test.result().state === "passed" });
      }
    }
    if (routes.length === 0) return;
    routes.sort((a, b) => a.route.localeCompare(b.route));
    const statuses = {};
    for (const route of routes)
      for (const [status, count] of Object.entries(route.statuses))
        statuses[status] = (statuses[status] ?? 0) + count;
    const cases = routes.reduce((sum, route) => sum + route.cases, 0);
    const serverErrors = Object.entries(statuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const summary = {
      generatedAt: new Date().toISOString(),
      routes: routes.length,
      cases,
      serverErrors,
      statuses,
      perRoute: routes,
    };
    const folder = join(repository, "docs/artifacts");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "fuzz-summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `fuzz: ${routes.length} routes, ${cases} requests, ${serverErrors} answers 5xx, by status ${JSON.stringify(statuses)} (docs/artifacts/fuzz-summary.json)`,
    );
  }
}
