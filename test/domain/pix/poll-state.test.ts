import { describe, expect, it } from "vitest";
import {
  backoffSeconds,
  failedPoll,
  MAX_WINDOW_HOURS,
  POLL_LAG_SECONDS,
  pollWindow,
  stateOfFailure,
} from "../../../src/domain/pix/poll-state";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("a poll's window", () => {
  it("starts 24 h back the first time and ends a lag before now", () => {
    expect(pollWindow("", NOW)).toEqual({
      start: new Date("2026-11-25T12:00:00Z"),
      end: new Date(NOW.getTime() - POLL_LAG_SECONDS * 1000),
    });
  });

  it("starts at the cursor, and reads a long gap a few days at a time", () => {
    expect(pollWindow("2026-11-26T10:00:00.000Z", NOW).start).toEqual(new Date("2026-11-26T10:00:00Z"));
    const old = pollWindow("2026-10-01T00:00:00.000Z", NOW);
    expect(old.end.getTime() - old.start.getTime()).toBe(MAX_WINDOW_HOURS * 3_600_000);
  });

  it("an unreadable cursor reads the last 24 h", () => {
    expect(pollWindow("ontem", NOW).start).toEqual(new Date("2026-11-25T12:00:00Z"));
  });
});

describe("a failed poll", () => {
  it("waits 60 s doubling with each failure in a row, at most an hour", () => {
    expect([1, 2, 3, 4, 7, 50].map(backoffSeconds)).toEqual([60, 120, 240, 480, 3600, 3600]);
  });

  it("waits what the PSP's Retry-After says on a 429, the backoff when it says nothing", () => {
    const limited = failedPoll({ kind: "rate_limited", retryAfterSeconds: 300 }, "r", 0, NOW);
    expect(limited).toEqual({
      state: "RateLimited",
      reason: "r",
      failures: 1,
      retryAfter: "2026-11-26 12:05:00",
    });
    const silent = failedPoll({ kind: "rate_limited", retryAfterSeconds: null }, "r", 2, NOW);
    expect(silent).toMatchObject({ failures: 3, retryAfter: "2026-11-26 12:04:00" });
  });

  it("names each failure's state", () => {
    expect(stateOfFailure({ kind: "credentials_refused", status: 401 })).toBe("CredentialsRefused");
    expect(stateOfFailure({ kind: "unavailable", status: 503, problem: null })).toBe("Unavailable");
    expect(stateOfFailure({ kind: "network", detail: "x" })).toBe("Unavailable");
    expect(stateOfFailure({ kind: "invalid_answer", detail: "x" })).toBe("InvalidAnswer");
    expect(stateOfFailure({ kind: "timeout", timeoutMs: 1 })).toBe("Timeout");
    expect(stateOfFailure({ kind: "refused", status: 403, problem: null })).toBe("Refused");
    expect(stateOfFailure({ kind: "invalid_request", field: "inicio/fim" })).toBe("Refused");
  });
});
