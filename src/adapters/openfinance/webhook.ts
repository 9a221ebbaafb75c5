/**
 * Pluggy's notifications, as pure functions (no I/O): how a call is authenticated and what it says.
 *
 * Authentication: Pluggy sends, with every notification of a webhook created by `POST /webhooks`, the
 * `headers` given at its creation (docs: Webhooks, "Webhook resource"; Webhook security, "Require an
 * authentication header"). The integration registers its webhook with a long random secret in
 * `WEBHOOK_SECRET_HEADER`; a call without it or with another value is refused (401, which Pluggy does
 * not retry), compared in constant time, the previous secret accepted while it is being rotated.
 * A `webhookUrl` set on an item or a connect token sends no custom header: the feed never uses one.
 *
 * The payload is only a signal (docs: "treat the payload only as a signal"): the sync re-reads the
 * item or the transactions it names with the API key. `eventId` identifies the notification (a retry
 * carries the same one): the receiver stores it under a unique constraint, so a replay changes nothing.
 * `clientId`, when present, must be the integration's own.
 */

/** The header the integration's webhook is created with (`POST /webhooks` `headers`). */
export const WEBHOOK_SECRET_HEADER = "X-Feed-Webhook-Secret";
/** The most a notification's body may weigh (500 transaction ids are about 20 KB). */
export const MAX_WEBHOOK_BYTES = 256 * 1024;
const MAX_IDS = 5_000;

export type WebhookAuth = { ok: true } | { ok: false; reason: "missing" | "mismatch" };

const encoder = new TextEncoder();

/** Equal texts, in time that depends only on their lengths (never on where they first differ). */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  const length = Math.max(x.length, y.length);
  for (let i = 0; i < length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * Whether a notification carries the integration's secret in `WEBHOOK_SECRET_HEADER` (`secrets`:
 * the current one, then the previous while it is rotated; empty ones never match).
 */
export function verifyWebhookSecret(
  headers: Headers | Record<string, string | undefined>,
  secrets: string[],
): WebhookAuth {
  const given =
    headers instanceof Headers
      ? headers.get(WEBHOOK_SECRET_HEADER)
      : (Object.entries(headers).find(
          ([name]) => name.toLowerCase() === WEBHOOK_SECRET_HEADER.toLowerCase(),
        )?.[1] ?? null);
  if (!given) return { ok: false, reason: "missing" };
  let matched = false;
  for (const secret of secrets) {
    if (secret.length > 0 && constantTimeEqual(given, secret)) matched = true;
  }
  return matched ? { ok: true } : { ok: false, reason: "mismatch" };
}

export const ITEM_EVENTS = [
  "item/created",
  "item/updated",
  "item/error",
  "item/deleted",
  "item/waiting_user_input",
  "item/waiting_user_action",
  "item/login_succeeded",
] as const;
export type ItemEventName = (typeof ITEM_EVENTS)[number];

export type FeedWebhookEvent =
  | {
      kind: "item";
      event: ItemEventName;
      eventId: string;
      itemId: string;
      /** `item/error`'s `error` (INVALID_CREDENTIALS: the login error; USER_AUTHORIZATION_PENDING...). */
      error: { code: string; message: string } | null;
      triggeredBy: string | null;
    }
  | {
      kind: "transactions_created";
      eventId: string;
      itemId: string;
      accountId: string;
      /** Read `GET /v2/transactions?accountId=&createdAtFrom=` from this instant. */
      createdAtFrom: string;
    }
  | {
      kind: "transactions_changed";
      event: "transactions/updated" | "transactions/deleted";
      eventId: string;
      itemId: string;
      accountId: string;
      transactionIds: string[];
    }
  /** An event the feed does not act on (payments, connector status...): acknowledged, not stored. */
  | { kind: "ignored"; event: string; eventId: string };

export type WebhookParse = { ok: true; event: FeedWebhookEvent } | { ok: false; reason: string };

const str = (value: unknown, max = 200): string | null =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : null;

/**
 * A notification's body (the raw text) as a typed event, or why it is refused: not JSON, too large,
 * without `eventId` (no replay protection then), of another application (`clientId`), or an event the
 * feed acts on without the ids it needs.
 */
export function parseWebhook(rawBody: string, expected: { clientId?: string } = {}): WebhookParse {
  if (rawBody.length > MAX_WEBHOOK_BYTES) return { ok: false, reason: "notificação grande demais" };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "notificação não é JSON" };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, reason: "notificação não é um objeto" };
  }
  const b = body as Record<string, unknown>;
  const event = str(b.event, 100);
  if (!event) return { ok: false, reason: "notificação sem event" };
  const eventId = str(b.eventId);
  if (!eventId) return { ok: false, reason: "notificação sem eventId" };
  if (expected.clientId !== undefined && b.clientId !== undefined && b.clientId !== expected.clientId) {
    return { ok: false, reason: "notificação de outra aplicação (clientId)" };
  }
  if ((ITEM_EVENTS as readonly string[]).includes(event)) {
    const itemId = str(b.itemId);
    if (!itemId) return { ok: false, reason: `${event} sem itemId` };
    const error =
      typeof b.error === "object" && b.error !== null
        ? {
            code: str((b.error as Record<string, unknown>).code) ?? "",
            message: str((b.error as Record<string, unknown>).message, 1000) ?? "",
          }
        : null;
    return {
      ok: true,
      event: {
        kind: "item",
        event: event as ItemEventName,
        eventId,
        itemId,
        error,
        triggeredBy: str(b.triggeredBy),
      },
    };
  }
  if (event.startsWith("transactions/")) {
    const itemId = str(b.itemId);
    const accountId = str(b.accountId);
    if (!itemId || !accountId) return { ok: false, reason: `${event} sem itemId ou accountId` };
    if (event === "transactions/created") {
      const createdAtFrom = str(b.transactionsCreatedAtFrom, 40);
      if (!createdAtFrom || Number.isNaN(Date.parse(createdAtFrom))) {
        return { ok: false, reason: "transactions/created sem transactionsCreatedAtFrom" };
      }
      return { ok: true, event: { kind: "transactions_created", eventId, itemId, accountId, createdAtFrom } };
    }
    if (event === "transactions/updated" || event === "transactions/deleted") {
      const ids = b.transactionIds;
      if (
        !Array.isArray(ids) ||
        ids.length === 0 ||
        ids.length > MAX_IDS ||
        !ids.every((id) => str(id) !== null)
      ) {
        return { ok: false, reason: `${event} sem transactionIds` };
      }
      return {
        ok: true,
        event: {
          kind: "transactions_changed",
          event,
          eventId,
          itemId,
          accountId,
          transactionIds: [...new Set(ids as string[])],
        },
      };
    }
  }
  return { ok: true, event: { kind: "ignored", event, eventId } };
}
