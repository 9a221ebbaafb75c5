import { describe, expect, it } from "vitest";
import { jwtExpiry, retryAfterSeconds } from "../../../src/adapters/openfinance/pluggy-api";

const b64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("the API key's end and the 429's wait", () => {
  it("reads a JWT's exp as epoch ms, and nothing from what is not a JWT", () => {
    const key = `${b64url('{"alg":"HS256"}')}.${b64url('{"id":"x","exp":1796000000}')}.sig`;
    expect(jwtExpiry(key)).toBe(1_796_000_000_000);
    expect(jwtExpiry("opaque-key")).toBeNull();
    expect(jwtExpiry(`a.${b64url('{"exp":"soon"}')}.c`)).toBeNull();
    expect(jwtExpiry("a.!!!.c")).toBeNull();
  });

  it("waits RateLimit-Reset seconds first, else Retry-After (seconds or a date), else a minute", () => {
    const now = Date.parse("2026-11-29T12:00:00Z");
    expect(retryAfterSeconds(new Headers({ "RateLimit-Reset": "45", "Retry-After": "60" }), now)).toBe(45);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "30" }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "Sun, 29 Nov 2026 12:00:20 GMT" }), now)).toBe(20);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "0" }), now)).toBe(1);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "later" }), now)).toBe(60);
    expect(retryAfterSeconds(new Headers(), now)).toBe(60);
  });
});
