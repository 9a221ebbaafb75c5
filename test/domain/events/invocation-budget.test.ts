import { describe, expect, it } from "vitest";
import {
  EVENT_CALLS,
  FAN_OUTS_PER_RUN,
  fanOutsPerDispatch,
  MESSAGES_PER_INVOCATION,
  plannedCalls,
} from "../../../src/domain/events/invocation-budget";
import { D1_CALLS_PER_INVOCATION } from "../../../src/platform/d1-budget";

describe("events consumer: the D1 budget of one invocation", () => {
  it("gives a lone dispatch run every fan-out, and shares what is left among several", () => {
    expect(fanOutsPerDispatch({ deliverGroups: 0, dispatchGroups: 0, mails: 5 })).toBe(0);
    expect(fanOutsPerDispatch({ deliverGroups: 0, dispatchGroups: 1, mails: 0 })).toBe(FAN_OUTS_PER_RUN);
    // 100 accounts' dispatches: (800 - 100 x 3) / 100 / 3 = 1.67 -> one fan-out each
    expect(fanOutsPerDispatch({ deliverGroups: 0, dispatchGroups: 100, mails: 0 })).toBe(1);
    // 20 deliver groups (140) and 10 e-mails (20) leave 640 to 5 dispatches: (640 - 15) / 5 / 3 = 41 -> 20
    expect(fanOutsPerDispatch({ deliverGroups: 20, dispatchGroups: 5, mails: 10 })).toBe(FAN_OUTS_PER_RUN);
    // 60 deliver groups (420) leave 380 to 40 dispatches: (380 - 120) / 40 / 3 = 2.17 -> 2
    expect(fanOutsPerDispatch({ deliverGroups: 60, dispatchGroups: 40, mails: 0 })).toBe(2);
    // a budget nothing fits in still moves each run by one fan-out (its next run continues)
    expect(fanOutsPerDispatch({ deliverGroups: 0, dispatchGroups: 2, mails: 0 }, 0)).toBe(1);
  });

  it("keeps every batch the queue can hand over within the budget, whatever its mix", () => {
    let highest = 0;
    for (let deliverGroups = 0; deliverGroups <= MESSAGES_PER_INVOCATION; deliverGroups++)
      for (
        let dispatchGroups = 0;
        deliverGroups + dispatchGroups <= MESSAGES_PER_INVOCATION;
        dispatchGroups++
      )
        for (let mails = 0; deliverGroups + dispatchGroups + mails <= MESSAGES_PER_INVOCATION; mails++)
          highest = Math.max(highest, plannedCalls({ deliverGroups, dispatchGroups, mails }));
    // the dispatch runs take what the rest leaves, to the last call
    expect(highest).toBe(D1_CALLS_PER_INVOCATION);
    // 100 accounts' deliveries, the costliest batch with no dispatch: 700
    expect(plannedCalls({ deliverGroups: 100, dispatchGroups: 0, mails: 0 })).toBe(
      100 * EVENT_CALLS.deliverRun,
    );
  });
});
