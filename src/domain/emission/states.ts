/**
 * The states of an issued NF-e and what each SEFAZ answer does to it (pure: the job applies it).
 *
 * - `Processing`: numbered, waiting to be sent or being sent.
 * - `Pending`: SEFAZ did not give a conclusive answer yet (service stopped 108/109, 656 misuse,
 *   no answer, lot in processing): the job tries again after `retryAt`, consulting by key first
 *   whenever the XML may have reached SEFAZ.
 * - `Authorized` (100, 150), `Denied` (110, 301, 302, 303: the number is used and the order is not
 *   invoiced), `Rejected` (any other answer: the number is kept for the retry of the same order),
 *   `Cancelled` (the cancellation event, issue 41 item 5).
 * - `Offline`: an NFC-e issued in offline contingency (tpEmis 9) waiting to be transmitted; `Expired`:
 *   one SEFAZ did not accept within 24 hours (nfce-job.ts).
 */
export const NFE_STATUS = {
  processing: "Processing",
  pending: "Pending",
  authorized: "Authorized",
  rejected: "Rejected",
  denied: "Denied",
  cancelled: "Cancelled",
  /** An NFC-e issued in offline contingency (tpEmis 9), waiting for its transmission (nfce-job.ts). */
  offline: "Offline",
  /** An offline NFC-e SEFAZ never accepted within the 24 hours the rules allow. */
  expired: "Expired",
} as const;

export type NFeStatus = (typeof NFE_STATUS)[keyof typeof NFE_STATUS];
export const NFE_STATUSES = Object.values(NFE_STATUS) as NFeStatus[];

/** States the job still works on. */
export const OPEN_STATUSES: readonly NFeStatus[] = [NFE_STATUS.processing, NFE_STATUS.pending];

/** 100 authorized; 150 authorized out of time. */
export const AUTHORIZED_CSTATS = new Set([100, 150]);
/** Denials (uso denegado): irregular issuer or recipient. */
export const DENIED_CSTATS = new Set([110, 301, 302, 303]);
/** The lot was received (asynchronous answer): the receipt is queried. */
export const LOT_RECEIVED = 103;
/** The lot is still being processed (receipt query). */
export const LOT_IN_PROCESS = 105;
/** Duplicate of an NF-e already authorized (same key) and duplicate with another key. */
export const DUPLICATE = 204;
export const DUPLICATE_OTHER_KEY = 539;
/** Service stopped for a while / without forecast. */
export const SERVICE_STOPPED = new Set([108, 109]);
/** Misuse (consumo indevido): SEFAZ blocks the caller for an hour. */
export const MISUSE = 656;
/** Consult: the NF-e is not in SEFAZ's base. */
export const NOT_IN_BASE = 217;

/** Back-offs (seconds) of the job: 656 an hour (SEFAZ's own block), 108/109 five minutes, no answer one minute. */
export const MISUSE_BACKOFF_SECONDS = 3600;
export const STOPPED_BACKOFF_SECONDS = 300;
export const NO_ANSWER_BACKOFF_SECONDS = 60;
export const RECEIPT_BACKOFF_SECONDS = 5;
/** Deliveries of the job without a conclusive answer before a note is left Pending for good (a later issue consults it). */
export const MAX_NOTE_ATTEMPTS = 12;

/**
 * Notes one delivery of the job sends at once, issued or transmitted offline, each on its own (its
 * call, its answer, its batch): a batch of 500, or the backlog an outage left, takes about half the
 * time, the notes still taken in their order. What one note learns (108/109: SVC contingency) holds
 * for the notes taken after it; a note already in flight to the stopped authorizer is answered
 * 108/109 as well and goes to the SVC at its next try, as when two jobs of the company run at once.
 */
export const NOTES_IN_FLIGHT = 2;

/** The decision for one SEFAZ answer (cStat/xMotivo) of an authorization or a receipt query. */
export type AnswerDecision =
  | { kind: "authorized" }
  | { kind: "denied" }
  | { kind: "rejected" }
  | { kind: "receipt" }
  | { kind: "consult" }
  | { kind: "duplicateOther"; otherKey: string | null }
  | { kind: "backoff"; seconds: number; misuse: boolean }
  | { kind: "inProcess" };

export function decideAnswer(cStat: number, xMotivo: string): AnswerDecision {
  if (AUTHORIZED_CSTATS.has(cStat)) return { kind: "authorized" };
  if (DENIED_CSTATS.has(cStat)) return { kind: "denied" };
  if (cStat === LOT_RECEIVED) return { kind: "receipt" };
  if (cStat === LOT_IN_PROCESS) return { kind: "inProcess" };
  if (cStat === DUPLICATE) return { kind: "consult" };
  if (cStat === DUPLICATE_OTHER_KEY) return { kind: "duplicateOther", otherKey: keyInText(xMotivo) };
  if (cStat === MISUSE) return { kind: "backoff", seconds: MISUSE_BACKOFF_SECONDS, misuse: true };
  if (SERVICE_STOPPED.has(cStat)) return { kind: "backoff", seconds: STOPPED_BACKOFF_SECONDS, misuse: false };
  return { kind: "rejected" };
}

/** The 44-character key SEFAZ names in a 539's xMotivo (`[chNFe:...]`), if any. */
export function keyInText(text: string): string | null {
  return /([0-9]{6}[0-9A-Z]{12}[0-9]{26})/.exec(text)?.[1] ?? null;
}

/** UTC `YYYY-MM-DD HH:MM:SS`, `seconds` after `now` (the form of `retryAt`). */
export function utcAfter(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/** `dhEmi`: the instant in Brasília time (UTC-03:00, no daylight saving since 2019), `YYYY-MM-DDTHH:MM:SS-03:00`. */
export function brasiliaTime(now: Date): string {
  const local = new Date(now.getTime() - 3 * 3600 * 1000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}
