/**
 * What a distribution call leaves on its integration (Nota Técnica 2014.002): pure, so the waits
 * are tested without a clock.
 *
 * - 138 with `ultNSU < maxNSU`: more documents wait; the job asks again at once;
 * - 138 with `ultNSU == maxNSU`, or 137: the party is up to date; the next call waits an hour
 *   (the NT's rule: a party that asks again sooner gets 656);
 * - 656 (consumption refused): `ConsumptionRefused`, an hour's wait;
 * - another cStat: `Refused` with SEFAZ's reason; a transport failure: its state; both back off
 *   `60 s × 2^(failures - 1)`, at most an hour.
 */
import type { DistributionFailureKind } from "../../adapters/sefaz/distribution-types";
import { isUf, UF_CODES } from "../company/fiscal-profile";

export type SefazState =
  | "Ok"
  | "NotConfigured"
  | "CertificateExpired"
  | "ConsumptionRefused"
  | "Refused"
  | "Fault"
  | "Unavailable"
  | "InvalidAnswer"
  | "Timeout"
  | "NetworkError";

export const UP_TO_DATE_WAIT_SECONDS = 3600;
const BACKOFF_BASE_SECONDS = 60;

export const backoffSeconds = (failures: number) =>
  Math.min(BACKOFF_BASE_SECONDS * 2 ** Math.max(0, failures - 1), UP_TO_DATE_WAIT_SECONDS);

/** UTC `YYYY-MM-DD HH:MM:SS` of an instant (the database's clock format). */
export const utcText = (instant: Date) => instant.toISOString().slice(0, 19).replace("T", " ");
const after = (now: Date, seconds: number) => utcText(new Date(now.getTime() + seconds * 1000));

export function stateOfFailure(kind: DistributionFailureKind): SefazState {
  switch (kind) {
    case "fault":
      return "Fault";
    case "unavailable":
      return "Unavailable";
    case "invalid_answer":
      return "InvalidAnswer";
    case "timeout":
      return "Timeout";
    case "network":
      return "NetworkError";
    case "refused":
      return "Refused";
  }
}

export type NextState = {
  state: SefazState;
  reason: string | null;
  failures: number;
  retryAfter: string | null;
  /** When `distNSU` may be called again (undefined: unchanged; null: now). */
  nextDistributionAt?: string | null;
};

/**
 * After an answer that was stored: Ok, and an hour's wait when nothing more is there (137 or
 * `ultNSU == maxNSU`): neither the schedule nor a manual sync calls `distNSU` before it.
 */
export function answeredState(upToDate: boolean, reason: string | null, now: Date): NextState {
  const wait = upToDate ? after(now, UP_TO_DATE_WAIT_SECONDS) : null;
  return { state: "Ok", reason, failures: 0, retryAfter: wait, nextDistributionAt: wait };
}

/** After a 656: an hour (the NT's block of the CNPJ), counted as a failure. */
export function refusedConsumptionState(reason: string, previousFailures: number, now: Date): NextState {
  const wait = after(now, UP_TO_DATE_WAIT_SECONDS);
  return {
    state: "ConsumptionRefused",
    reason,
    failures: previousFailures + 1,
    retryAfter: wait,
    nextDistributionAt: wait,
  };
}

/**
 * The time before which `distNSU` must not be called (the hour after 137, `ultNSU == maxNSU` or
 * 656), or null when it may be called now.
 */
export function distributionBlockedUntil(nextDistributionAt: string | null, now: Date): string | null {
  return nextDistributionAt !== null && nextDistributionAt > utcText(now) ? nextDistributionAt : null;
}

export function failedState(
  state: SefazState,
  reason: string,
  previousFailures: number,
  now: Date,
): NextState {
  const failures = previousFailures + 1;
  return { state, reason, failures, retryAfter: after(now, backoffSeconds(failures)) };
}

/** `ultNSU == maxNSU` compared as numbers (both 15 digits, but a service may drop the zeros). */
export const sameNsu = (a: string, b: string) => BigInt(a || "0") === BigInt(b || "0");
export const nsuBefore = (a: string, b: string) => BigInt(a || "0") < BigInt(b || "0");

/** The NSUs strictly between `from` and the answer's NSUs that the answer lacks (at most `limit`). */
export function nsuGaps(from: string, nsus: string[], limit = 50): string[] {
  if (nsus.length === 0) return [];
  const sorted = [...new Set(nsus.map((nsu) => BigInt(nsu)))].sort((a, b) => (a < b ? -1 : 1));
  const gaps: string[] = [];
  let previous = BigInt(from || "0");
  // a first call (ultNSU 0) starts wherever the last 3 months start: no gap before the first NSU
  if (previous === 0n) previous = sorted[0]! - 1n;
  for (const nsu of sorted) {
    for (let missing = previous + 1n; missing < nsu && gaps.length < limit; missing++) {
      gaps.push(String(missing).padStart(15, "0"));
    }
    previous = nsu;
  }
  return gaps;
}

/** `SP` or `35` -> `35`; null for anything else. */
export function ufCode(uf: string): string | null {
  const text = uf.trim().toUpperCase();
  if (isUf(text)) return UF_CODES[text];
  return (Object.values(UF_CODES) as string[]).includes(text) ? text : null;
}
