import { describe, expect, it } from "vitest";
import { WorkBudget } from "../../../src/domain/jobs/job-context";

describe("WorkBudget: a piece of work that costs several chunks", () => {
  it("fits the message's share, or waits when not forced", () => {
    const budget = new WorkBudget(2, 6, false);
    expect(budget.take()).toBe(true);
    expect(budget.takeMore(1, false)).toBe(true);
    expect(budget.takeMore(1, false)).toBe(false);
    expect(budget.used).toBe(2);
  });

  it("forced beyond the share only within what the invocation has left", () => {
    const within = new WorkBudget(1, 4, false);
    expect(within.take()).toBe(true);
    expect(within.takeMore(3, true)).toBe(true);
    expect(within.used).toBe(4);
    const beyond = new WorkBudget(1, 2, false);
    expect(beyond.take()).toBe(true);
    expect(beyond.takeMore(3, true)).toBe(false);
    expect(beyond.used).toBe(1);
  });

  it("the invocation's first message is forced through whatever it costs (it advances alone)", () => {
    const first = new WorkBudget(2, 6, true);
    expect(first.take()).toBe(true);
    expect(first.takeMore(9, true)).toBe(true);
    expect(first.used).toBe(10);
  });
});
