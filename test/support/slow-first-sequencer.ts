import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files start in. Vitest keeps a worker's runtime for the next file only when that file
 * is of the same project (`isolate: false`): a workers file followed by a file of another project
 * stops its workerd, and the next workers file starts a new one, migrations included. So each
 * project's files run together, and each vitest worker starts one workerd:
 *
 * 1. `workers`, the slowest first (below);
 * 2. `node` and `scripts`, the slowest first: files that spawn processes (Chromium, wrangler, `npm run
 *    demo`) and wait on them with time limits; after the workers files, the static check beside the
 *    tests (`scripts/test.mjs`) has ended, and the short `unit` files still follow them;
 * 3. `unit`: many short files, which fill the workers' ends evenly.
 */
const PROJECT_PHASE: Record<string, number> = { workers: 0, node: 1, scripts: 1, unit: 2 };

/**
 * The files that take longest, in the order they should start (durations of a whole run on a
 * 2-core machine). Vitest starts the largest files first when it has no timings of an earlier run
 * (CI starts from a clean clone), and these are small files driving long runs: started last, they
 * would leave one worker busy alone at the end.
 */
const SLOWEST = [
  /test\/node\/docs-page/, // 45 s
  /test\/scripts\/(local-migrations|setup-output|tenant)/, // 27 to 31 s
  /test\/node\/demo/, // 14 s
  /test\/fuzz\/routes\//, // 30 to 36 s each
  /test\/invariants\/queue-retry\//, // 16 to 36 s
  /test\/budget\/job-types/, // 29 s
  /test\/security\/(isolation|reference-isolation)/, // 26 s each
  /test\/routes\/hub\/mercado-livre\/notifications/, // 21 s
  /test\/routes\/nfe\/issue\./, // 18 s
  /test\/queue\/(poison-jobs|fair-queue)/, // 14 to 15 s
  /test\/routes\/pix\/charge/, // 13 s
  /test\/(routes\/sefaz\/feed-gaps|security\/tokens)/, // 12 s
  /test\/security\//,
  /test\/budget\//,
  /test\/queue\/ofx-import/,
  /test\/invariants\//,
];

const rank = (file: TestSpecification) => {
  const index = SLOWEST.findIndex((pattern) => pattern.test(file.moduleId));
  return index < 0 ? SLOWEST.length : index;
};

const phase = (file: TestSpecification) => PROJECT_PHASE[file.project.name] ?? 0;

/** Vitest's order (failed first, then longest known, then largest), by project, the slowest files ahead. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => phase(a) - phase(b) || rank(a) - rank(b));
  }
}
