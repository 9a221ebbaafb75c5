import { describe, expect, it } from "vitest";
import { inLanes } from "../../src/lib/concurrent";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe("inLanes", () => {
  it("starts the items in their order with at most `lanes` in flight, and waits for all", async () => {
    const started: number[] = [];
    const ended: number[] = [];
    let inFlight = 0;
    let most = 0;
    await inLanes([1, 2, 3, 4, 5, 6, 7], 2, async (item) => {
      started.push(item);
      inFlight++;
      most = Math.max(most, inFlight);
      // the odd ones take longer: the other lane takes the next item meanwhile
      for (let i = 0; i < (item % 2 === 1 ? 3 : 1); i++) await tick();
      inFlight--;
      ended.push(item);
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect([...ended].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ended).not.toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("runs one at a time with one lane, and nothing for no items", async () => {
    const order: string[] = [];
    await inLanes(["a", "b", "c"], 1, async (item) => {
      order.push(`start ${item}`);
      await tick();
      order.push(`end ${item}`);
    });
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    let calls = 0;
    await inLanes([], 3, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });

  it("rejects with the first error once the items already started have ended, starting no more", async () => {
    const started: number[] = [];
    const ended: number[] = [];
    const run = inLanes([1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      if (item === 1) throw new Error("first");
      await tick();
      await tick();
      ended.push(item);
    });
    await expect(run).rejects.toThrow("first");
    expect(ended).toEqual([2]);
    expect(started).toEqual([1, 2]);
  });
});
