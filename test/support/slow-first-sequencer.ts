import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, in the order they should start. Vitest starts the largest files
 * first when it has no timings of an earlier run (CI starts from a clean clone), and these are
 * small files driving long runs: started last, they would leave one worker busy alone at the end.
 */
const SLOWEST = [
  /test\/fuzz\/routes\//,
  /test\/invariants\/queue-retry\//,
  /test\/scripts\//,
  /test\/node\/docs-page/,
  /test\/security\//,
  /test\/budget\//,
  /test\/queue\/(poison-jobs|fair-queue|ofx-import)/,
  /test\/invariants\//,
];

const rank = (file: TestSpecification) => {
  const index = SLOWEST.findIndex((pattern) => pattern.test(file.moduleId));
  return index < 0 ? SLOWEST.length : index;
};

/** Vitest's order (failed first, then longest known, then largest), with the slowest files ahead. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
