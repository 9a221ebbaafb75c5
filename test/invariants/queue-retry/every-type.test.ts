import { expect, it } from "vitest";
import { JOB_SAMPLES } from "../../support/job-samples";
import { handledTypes, KILL_POINTS_OF, RETRY_GROUPS } from "./kill-cases";

it("every job type with a handler has a sample and its kill points (add them for a new type)", () => {
  expect(handledTypes.filter((type) => !JOB_SAMPLES[type])).toEqual([]);
  expect(handledTypes.filter((type) => KILL_POINTS_OF[type].length === 0)).toEqual([]);
});

it("every job type with a handler is killed and retried by exactly one file of this folder", () => {
  const grouped: string[] = Object.values(RETRY_GROUPS).flat();
  expect([...grouped].sort()).toEqual([...handledTypes].sort());
});
