/**
 * What a poll of the PSP leaves on its integration (`pix_integrations.state`, `state_reason`,
 * `failures`, `retry_after`): pure, so the backoff is tested without a clock.
 *
 * - 401 (the token or a fresh one refused): `CredentialsRefused`;
 * - 429: `RateLimited`, polled again after the PSP's `Retry-After` (the backoff when it gave none);
 * - 5xx, a network failure: `Unavailable`; an answer outside the API: `InvalidAnswer`; no answer in
 *   time: `Timeout`; another 4xx: `Refused`;
 * - every failure counts (`failures`) and waits `60 s × 2^(failures - 1)`, at most an hour, before
 *   the cron polls again; the manual poll route does not wait. A success resets it all (`Ok`).
 */
import type { PixFailure } from "../../adapters/pix/types";

export type PixIntegrationState =
  | "Ok"
  | "NotConfigured"
  | "CredentialsRefused"
  | "RateLimited"
  | "Unavailable"
  | "InvalidAnswer"
  | "Timeout"
  | "Refused";

export const POLL_BACKOFF_BASE_SECONDS = 60;
export const POLL_BACKOFF_MAX_SECONDS = 3600;

/** Seconds to wait after the `failures`-th failure in a row (1, 2, ...). */
export function backoffSeconds(failures: number): number {
  return Math.min(POLL_BACKOFF_BASE_SECONDS * 2 ** Math.max(0, failures - 1), POLL_BACKOFF_MAX_SECONDS);
}

export function stateOfFailure(failure: PixFailure): PixIntegrationState {
  switch (failure.kind) {
    case "credentials_refused":
      return "CredentialsRefused";
    case "rate_limited":
      return "RateLimited";
    case "unavailable":
    case "network":
      return "Unavailable";
    case "invalid_answer":
      return "InvalidAnswer";
    case "timeout":
      return "Timeout";
    case "invalid_request":
    case "refused":
      return "Refused";
    case "address":
      return "NotConfigured";
  }
}

/** UTC `YYYY-MM-DD HH:MM:SS` of an instant (the database's clock format). */
export const utcText = (instant: Date) => instant.toISOString().slice(0, 19).replace("T", " ");

export type FailedPoll = {
  state: PixIntegrationState;
  reason: string;
  failures: number;
  retryAfter: string;
};

/** The integration after a failed poll, its `previousFailures` in a row before it. */
export function failedPoll(
  failure: PixFailure,
  reason: string,
  previousFailures: number,
  now: Date,
): FailedPoll {
  const failures = previousFailures + 1;
  const wait =
    failure.kind === "rate_limited" && failure.retryAfterSeconds !== null
      ? failure.retryAfterSeconds
      : backoffSeconds(failures);
  return {
    state: stateOfFailure(failure),
    reason,
    failures,
    retryAfter: utcText(new Date(now.getTime() + wait * 1000)),
  };
}

/** The window of a poll: from the cursor (or `FIRST_POLL_HOURS` back) to now less the lag. */
export const FIRST_POLL_HOURS = 24;
/** Seconds left out at the end of the window: a PSP lists a Pix a moment after it settles. */
export const POLL_LAG_SECONDS = 60;
/** A window longer than this is read in several polls (PSPs bound `fim - inicio`). */
export const MAX_WINDOW_HOURS = 24 * 5;

export function pollWindow(cursor: string, now: Date): { start: Date; end: Date } {
  const parsed = cursor ? new Date(cursor) : null;
  const start =
    parsed && !Number.isNaN(parsed.getTime())
      ? parsed
      : new Date(now.getTime() - FIRST_POLL_HOURS * 3_600_000);
  const end = Math.min(
    now.getTime() - POLL_LAG_SECONDS * 1000,
    start.getTime() + MAX_WINDOW_HOURS * 3_600_000,
  );
  return { start, end: new Date(end) };
}
