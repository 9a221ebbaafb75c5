/**
 * Sign-in throttling (docs/API.md, "Sign-in throttling"). Failed sign-ins are counted per e-mail (every client
 * together) and per client (every e-mail together), each in a window that starts at its first
 * failure and ends an hour later, when the count starts over. Past a scope's free failures, each
 * further failure locks the scope for a delay that doubles from one second up to a cap of 15
 * minutes; while locked, an attempt is refused (429, `Retry-After`) without checking the password
 * and without being counted. A successful sign-in clears its e-mail's count but not its client's
 * (one valid account would otherwise let an attacker wash its address between guesses).
 *
 * The client's free failures (10) are fewer than the e-mail's (30): one client alone makes at most
 * 22 failures in a window (10 free, then one after each lock of 1 s, 2 s... 512 s, then two after
 * 15 min locks), about 23 in any hour, so it can never lock a user out; a real user elsewhere still signs in while that client is refused. Locking an e-mail
 * takes several clients, and even then the lock is capped and ends with its window.
 */

/** One counter's rule: free failures per window, then a doubling delay (seconds) up to a cap. */
export type ThrottleRule = {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  windowSeconds: number;
};

export type ThrottleScope = "email" | "client";

export const SIGN_IN_THROTTLE: Record<ThrottleScope, ThrottleRule> = {
  email: { freeFailures: 30, baseDelaySeconds: 1, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 },
  client: { freeFailures: 10, baseDelaySeconds: 1, maxDelaySeconds: 15 * 60, windowSeconds: 60 * 60 },
};

/** A counter of one scope: which one, and the rule it follows. */
export type ThrottleKey = { scope: ThrottleScope; key: string; rule: ThrottleRule };

/** A counter as stored: failures of its window, the window's start and the last counted attempt. */
export type ThrottleRecord = {
  scope: string;
  key: string;
  failures: number;
  windowStart: number;
  lastAt: number;
};

/**
 * The delay a scope is locked for after its `failures`-th failure of the window: none within the
 * free failures, then the base delay doubling with each failure up to the cap. The SQL of
 * `reserveSignInAttempt` (src/db/identity.ts) computes the same (`base << n`, capped).
 */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings);
}

/** Epoch second the counter is locked until, or null when it is not locked at `now`. */
export function lockedUntil(rule: ThrottleRule, record: ThrottleRecord, now: number): number | null {
  if (record.windowStart <= now - rule.windowSeconds) return null;
  const until = record.lastAt + delayAfter(rule, record.failures);
  return now < until ? until : null;
}

/**
 * The client counted: CF-Connecting-IP, which Cloudflare always sets in production (locally absent:
 * every local client is one). An IPv6 client is its /64, the block one subscriber is given.
 */
export function clientOf(connectingIp: string | undefined): string {
  const address = connectingIp?.trim().toLowerCase();
  if (!address) return "local";
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The two counters of an attempt: its e-mail (as looked up) and its client. */
export function signInThrottleKeys(
  email: string,
  connectingIp: string | undefined,
): { email: ThrottleKey; client: ThrottleKey } {
  return {
    email: { scope: "email", key: email.trim().toLowerCase(), rule: SIGN_IN_THROTTLE.email },
    client: { scope: "client", key: clientOf(connectingIp), rule: SIGN_IN_THROTTLE.client },
  };
}

/** Seconds until every locked counter of `records` is free again (at least 1). */
export function retryAfterSeconds(keys: ThrottleKey[], records: ThrottleRecord[], now: number): number {
  let until = now + 1;
  for (const { scope, key, rule } of keys) {
    const record = records.find((r) => r.scope === scope && r.key === key);
    const locked = record ? lockedUntil(rule, record, now) : null;
    if (locked !== null && locked > until) until = locked;
  }
  return until - now;
}
