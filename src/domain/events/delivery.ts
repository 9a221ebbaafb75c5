import {
  type AttemptRecord,
  cancelDelivery,
  claimDelivery,
  type DeliveryRow,
  recordAttempt,
  releaseDelivery,
} from "../../db/events/deliveries";
import { endpointById, type WebhookEndpointRow } from "../../db/events/endpoints";
import { eventOf } from "../../db/events/outbox";
import type { Db } from "../../env";
import { type DeliveryConfig, retryDelaySeconds } from "./config";
import type { EventQueue } from "./event-message";
import { DISABLED_BY_GONE } from "./messages";
import { signatureHeader } from "./signature";
import { webhookUrlRefusal } from "./url-policy";

/** How a webhook is posted (the platform's `fetch`; a test may count or time the calls). */
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

async function post(http: HttpPost, url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await http(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return { code: response.status, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const timedOut = name === "TimeoutError" || name === "AbortError";
    const detail = error instanceof Error ? error.message : String(error);
    return {
      code: null,
      error: timedOut ? `timeout após ${timeoutMs} ms` : `conexão: ${detail.slice(0, 200)}`,
      durationMs: Math.round(performance.now() - started),
    };
  }
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

/**
 * Attempt `attempt` of one delivery: claims it (a duplicate or stale message finds nothing to do),
 * respects the endpoint's rate, signs and posts the event, logs the attempt, and schedules the next
 * one with exponential backoff until the dead end.
 */
export async function attemptDelivery(run: DeliveryRun, deliveryId: number, attempt: number): Promise<void> {
  const { db, config } = run;
  // Sending for at most the timeout and a margin: past that, the sweep gives it back to Pending.
  const second = Math.floor(Date.now() / 1000);
  const claim = await claimDelivery(db, deliveryId, attempt, Math.ceil(config.timeoutMs / 1000) + 60, second);
  if (!claim) return;
  const { delivery } = claim;
  const [endpoint, event] = await Promise.all([
    endpointById(db, delivery.endpointId),
    eventOf(db, delivery.eventId),
  ]);
  if (!endpoint || !event || endpoint.active !== 1) {
    await cancelDelivery(db, delivery.id);
    return;
  }
  if (claim.inWindow > endpoint.maxPerSecond) {
    await releaseDelivery(db, delivery.id, 1);
    await run.queue.send({ kind: "deliver", account: run.account, deliveryId, attempt }, { delaySeconds: 1 });
    return;
  }
  const inRound = delivery.attempts - delivery.roundStart;
  const refusal = webhookUrlRefusal(endpoint.url, config.production);
  if (refusal) {
    await record(run, delivery, { code: null, error: refusal, durationMs: 0 }, inRound, true);
    return;
  }
  const body = deliveryBody(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const answer = await post(
    run.http,
    endpoint.url,
    {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "finance-backoffice-webhooks/1",
        "X-Signature": await signatureHeader(signingSecrets(endpoint), timestamp, body),
        "X-Timestamp": String(timestamp),
        "X-Event-Id": event.uid,
        "X-Event-Type": event.type,
        "X-Delivery-Id": String(delivery.id),
        "X-Delivery-Attempt": String(delivery.attempts),
      },
    },
    config.timeoutMs,
  );
  await record(run, delivery, answer, inRound, false);
}

async function record(
  run: DeliveryRun,
  delivery: DeliveryRow,
  answer: Answer,
  inRound: number,
  refused: boolean,
) {
  const outcome = refused
    ? ({ deliveryStatus: "Failed", attemptStatus: "Failed", retryInSeconds: null } as const)
    : classifyAnswer(answer.code, inRound, run.config);
  await recordAttempt(run.db, {
    delivery,
    ...outcome,
    responseCode: answer.code,
    error: answer.error,
    durationMs: answer.durationMs,
  });
  if (outcome.retryInSeconds !== null)
    await run.queue.send(
      { kind: "deliver", account: run.account, deliveryId: delivery.id, attempt: delivery.attempts + 1 },
      { delaySeconds: outcome.retryInSeconds },
    );
}
