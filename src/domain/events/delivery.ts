import {
  type AttemptRecord,
  type ClaimOutcome,
  claimDeliveries,
  type DeliveryRow,
  recordOutcomes,
  type WantedAttempt,
} from "../../db/events/deliveries";
import type { WebhookEndpointRow } from "../../db/events/endpoints";
import type { EventRow } from "../../db/events/outbox";
import type { Db } from "../../env";
import { OutboundFailure, outboundFetch } from "../../platform/outbound";
import { type DeliveryConfig, retryDelaySeconds } from "./config";
import { type EventQueue, sendAll } from "./event-message";
import { DISABLED_BY_GONE } from "./messages";
import { type Signer, webhookSigner } from "./signature";
import { webhookUrlRefusal } from "./url-policy";

/**
 * How a webhook leaves: the platform's `fetch` by default; a test may count or time the calls. It is
 * the outbound helper's fetcher, so whatever it is, the helper's rules apply (no redirect followed).
 */
export type HttpPost = (url: string, init: RequestInit) => Promise<Response>;

/** The delivered body: the event's envelope around its payload. */
export function deliveryBody(event: {
  uid: string;
  type: string;
  companyId: number;
  createdMs: number;
  payload: string;
}) {
  return `{"IDEvent":${JSON.stringify(event.uid)},"Type":${JSON.stringify(event.type)},"IDCompany":${event.companyId},"CreatedAt":${JSON.stringify(new Date(event.createdMs).toISOString())},"Data":${event.payload}}`;
}

const utcText = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** The secrets that sign now: the current one, and the previous one within its grace period. */
export function signingSecrets(endpoint: WebhookEndpointRow, now = new Date()): string[] {
  const previousValid =
    endpoint.previousSecret &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > utcText(now);
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}

type Answer = { code: number | null; error: string | null; durationMs: number };

/**
 * Bytes of a receiver's answer read (then discarded): nothing in it is used, so a receiver answering
 * more is a failed attempt, as one that never ends.
 */
export const WEBHOOK_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * The receiver as the attempt log names it: `webhook <origin>`, never the path or query (where a
 * receiver may keep a token).
 */
export function receiverName(url: string): string {
  try {
    return `webhook ${new URL(url).origin}`;
  } catch {
    return "webhook";
  }
}

/**
 * One attempt through the outbound helper (src/platform/outbound.ts): the address rule checked again,
 * no redirect followed (a 3xx is a failed attempt whose reason names the receiver and where it
 * pointed), the exchange bounded in time and the answer in size. Every status is an answer for
 * `classifyAnswer`; every failure an error text for the attempt log.
 */
async function post(
  http: HttpPost,
  url: string,
  init: RequestInit,
  config: Pick<DeliveryConfig, "production" | "timeoutMs">,
): Promise<Answer> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const answer = await outboundFetch(url, init, {
      party: receiverName(url),
      production: config.production,
      timeoutMs: config.timeoutMs,
      maxBytes: WEBHOOK_ANSWER_MAX_BYTES,
      fetcher: { fetch: http },
    });
    return { code: answer.status, error: null, durationMs: durationMs() };
  } catch (error) {
    if (!(error instanceof OutboundFailure)) throw error;
    return {
      code: error.status ?? null,
      error: attemptError(error, config.timeoutMs),
      durationMs: durationMs(),
    };
  }
}

/** The attempt log's text of a failure: the delivery log's words for a timeout and a lost connection. */
function attemptError(failure: OutboundFailure, timeoutMs: number): string {
  if (failure.kind === "timeout") return `timeout após ${timeoutMs} ms`;
  if (failure.kind === "network") return `conexão: ${failure.message}`;
  return failure.message;
}

/** What an answer means for the delivery: 2xx ends it, 410 turns the endpoint off, anything else retries. */
export function classifyAnswer(
  code: number | null,
  attemptInRound: number,
  config: DeliveryConfig,
): Pick<AttemptRecord, "deliveryStatus" | "attemptStatus" | "retryInSeconds" | "disableEndpoint"> {
  if (code !== null && code >= 200 && code < 300)
    return { deliveryStatus: "Delivered", attemptStatus: "Delivered", retryInSeconds: null };
  if (code === 410)
    return {
      deliveryStatus: "Failed",
      attemptStatus: "Disabled",
      retryInSeconds: null,
      disableEndpoint: DISABLED_BY_GONE,
    };
  if (attemptInRound >= config.maxAttempts)
    return { deliveryStatus: "Failed", attemptStatus: "Failed", retryInSeconds: null };
  return {
    deliveryStatus: "Pending",
    attemptStatus: "Retry",
    retryInSeconds: retryDelaySeconds(config.retryBaseSeconds, attemptInRound),
  };
}

export type DeliveryRun = {
  db: Db;
  queue: EventQueue;
  account: string;
  config: DeliveryConfig;
  http: HttpPost;
};

/** Each (delivery, attempt) once: two messages asking for the same attempt make one claim. */
export function distinctAttempts(wanted: WantedAttempt[]): WantedAttempt[] {
  const seen = new Map(wanted.map((w) => [`${w.deliveryId}:${w.attempt}`, w]));
  return [...seen.values()];
}

/**
 * Where each claimed delivery stands in its endpoint's window of this second: the window's count
 * after the claim, minus those claimed with it, plus its rank among them (by id). Deliveries of an
 * endpoint absent from `windowCounts` are left out.
 */
export function windowPositions(
  deliveries: Pick<DeliveryRow, "id" | "endpointId">[],
  windowCounts: Map<number, number>,
): Map<number, number> {
  const claimedPer = new Map<number, number>();
  for (const d of deliveries) claimedPer.set(d.endpointId, (claimedPer.get(d.endpointId) ?? 0) + 1);
  const rank = new Map<number, number>();
  const positions = new Map<number, number>();
  for (const d of [...deliveries].sort((a, b) => a.id - b.id)) {
    const count = windowCounts.get(d.endpointId);
    if (count === undefined) continue;
    const before = rank.get(d.endpointId) ?? 0;
    rank.set(d.endpointId, before + 1);
    positions.set(d.id, count - claimedPer.get(d.endpointId)! + before + 1);
  }
  return positions;
}

type Turn = { outcome: ClaimOutcome; next?: { attempt: number; delaySeconds: number } };

/**
 * The attempts a batch of `deliver` messages asks for, together: one claim for all of them (a
 * duplicate or stale message finds nothing to do), each endpoint's rate respected, the events signed
 * and posted at once, and one record of every attempt, each scheduling its next one with exponential
 * backoff until the dead end.
 */
export async function attemptDeliveries(run: DeliveryRun, wanted: WantedAttempt[]): Promise<void> {
  const { db, config } = run;
  // Sending for at most the timeout and a margin: past that, the sweep gives it back to Pending.
  const second = Math.floor(Date.now() / 1000);
  const deadline = Math.ceil(config.timeoutMs / 1000) + 60;
  const claim = await claimDeliveries(db, distinctAttempts(wanted), deadline, second);
  if (claim.deliveries.length === 0) return;
  const endpoints = new Map(claim.endpoints.map((e) => [e.id, e]));
  const events = new Map(claim.events.map((e) => [e.id, e]));
  const positions = windowPositions(claim.deliveries, claim.windowCounts);
  // each endpoint's keys imported once for all its deliveries of the batch
  const signers = new Map<number, Promise<Signer>>();
  const signerOf = (endpoint: WebhookEndpointRow) => {
    const signer = signers.get(endpoint.id) ?? webhookSigner(signingSecrets(endpoint));
    signers.set(endpoint.id, signer);
    return signer;
  };
  const turns = await Promise.all(
    claim.deliveries.map((delivery): Promise<Turn> | Turn => {
      const endpoint = endpoints.get(delivery.endpointId);
      const event = events.get(delivery.eventId);
      if (!endpoint || !event || endpoint.active !== 1)
        return { outcome: { kind: "cancelled", deliveryId: delivery.id } };
      if ((positions.get(delivery.id) ?? 1) > endpoint.maxPerSecond)
        return {
          outcome: { kind: "released", deliveryId: delivery.id, seconds: 1 },
          next: { attempt: delivery.attempts, delaySeconds: 1 },
        };
      return attemptOne(run, delivery, endpoint, event, second, signerOf);
    }),
  );
  await recordOutcomes(
    db,
    turns.map((turn) => turn.outcome),
  );
  await sendAll(
    run.queue,
    turns.flatMap(({ outcome, next }) => {
      if (!next) return [];
      const deliveryId = outcome.kind === "attempted" ? outcome.record.delivery.id : outcome.deliveryId;
      return [
        {
          body: { kind: "deliver", account: run.account, deliveryId, attempt: next.attempt },
          delaySeconds: next.delaySeconds,
        },
      ];
    }),
  );
}

/**
 * Signs and posts one claimed delivery; answers its attempt record and the next attempt, if any.
 * The signed timestamp is the second of the rate window it was claimed in, so no more than the
 * endpoint's `MaxPerSecond` posts ever carry the same `X-Timestamp`.
 */
async function attemptOne(
  run: DeliveryRun,
  delivery: DeliveryRow,
  endpoint: WebhookEndpointRow,
  event: EventRow,
  timestamp: number,
  signerOf: (endpoint: WebhookEndpointRow) => Promise<Signer>,
): Promise<Turn> {
  const { config } = run;
  const inRound = delivery.attempts - delivery.roundStart;
  const refusal = webhookUrlRefusal(endpoint.url, config.production);
  if (refusal) return turnOf(run, delivery, { code: null, error: refusal, durationMs: 0 }, inRound, true);
  const body = deliveryBody(event);
  const sign = await signerOf(endpoint);
  const answer = await post(
    run.http,
    endpoint.url,
    {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "finance-backoffice-webhooks/1",
        "X-Signature": await sign(timestamp, body),
        "X-Timestamp": String(timestamp),
        "X-Event-Id": event.uid,
        "X-Event-Type": event.type,
        "X-Delivery-Id": String(delivery.id),
        "X-Delivery-Attempt": String(delivery.attempts),
      },
    },
    config,
  );
  return turnOf(run, delivery, answer, inRound, false);
}

function turnOf(
  run: DeliveryRun,
  delivery: DeliveryRow,
  answer: Answer,
  inRound: number,
  refused: boolean,
): Turn {
  const outcome = refused
    ? ({ deliveryStatus: "Failed", attemptStatus: "Failed", retryInSeconds: null } as const)
    : classifyAnswer(answer.code, inRound, run.config);
  const record: AttemptRecord = {
    delivery,
    ...outcome,
    responseCode: answer.code,
    error: answer.error,
    durationMs: answer.durationMs,
  };
  return {
    outcome: { kind: "attempted", record },
    next:
      outcome.retryInSeconds === null
        ? undefined
        : { attempt: delivery.attempts + 1, delaySeconds: outcome.retryInSeconds },
  };
}
