import { describe, expect, it } from "vitest";
import {
  clientOf,
  delayAfter,
  lockedUntil,
  retryAfterSeconds,
  SIGN_IN_THROTTLE,
  signInThrottleKeys,
} from "../../../src/domain/identity/throttle";

describe("sign-in throttle", () => {
  it("no delay within the free failures, then 1 s doubling up to 15 minutes", () => {
    const { client } = SIGN_IN_THROTTLE;
    expect([9, 10, 11, 12, 19, 20, 40, 1000].map((n) => delayAfter(client, n))).toEqual([
      0, 1, 2, 4, 512, 900, 900, 900,
    ]);
  });

  it("a counter is locked from its last failure for the delay, and never past its window", () => {
    const rule = SIGN_IN_THROTTLE.client;
    const record = { scope: "client", key: "a", failures: 12, windowStart: 1000, lastAt: 2000 };
    expect(lockedUntil(rule, record, 2000)).toBe(2004);
    expect(lockedUntil(rule, record, 2003)).toBe(2004);
    expect(lockedUntil(rule, record, 2004)).toBeNull();
    const late = { ...record, failures: 30, lastAt: 4500 };
    expect(lockedUntil(rule, late, 4599)).toBe(5400);
    expect(lockedUntil(rule, late, 4600)).toBeNull();
  });

  it("Retry-After is the latest lock of the attempt's counters, at least 1 s", () => {
    const keys = signInThrottleKeys(" Admin@Demo.Local ", "203.0.113.1");
    expect(keys.email.key).toBe("admin@demo.local");
    const records = [
      { scope: "email", key: "admin@demo.local", failures: 31, windowStart: 0, lastAt: 100 },
      { scope: "client", key: "203.0.113.1", failures: 10, windowStart: 0, lastAt: 100 },
    ];
    expect(retryAfterSeconds([keys.email, keys.client], records, 100)).toBe(2);
    expect(retryAfterSeconds([keys.email, keys.client], [], 100)).toBe(1);
  });

  it.each([
    [undefined, "local"],
    ["", "local"],
    [" 198.51.100.7 ", "198.51.100.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:0:0:9", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("counts the client %s as %s", (address, client) => {
    expect(clientOf(address)).toBe(client);
  });
});
