import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, updatedAt } from "./columns";

/**
 * The outbox: one row per event, inserted in the same batch as the change that causes it. The
 * dispatcher fans each one out to the subscribed endpoints and stamps `dispatched_at`.
 */
export const events = sqliteTable(
  "events",
  {
    id: id(),
    companyId: companyId(),
    /** Public id of the event (`X-Event-Id`): receivers deduplicate on it. */
    uid: text().notNull(),
    type: text().notNull(),
    /** JSON object, the `Data` of the delivered body. */
    payload: text().notNull(),
    /** Milliseconds since the epoch, from the database clock: change-to-delivery latency. */
    createdMs: integer().notNull().default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
    createdAt: createdAt(),
    dispatchedAt: text(),
    /** Random key of the fan-out run that claimed the row (two runs never claim the same row). */
    dispatchKey: text(),
  },
  (t) => [
    uniqueIndex("events_uid").on(t.uid),
    index("events_company").on(t.companyId, t.id),
    index("events_undispatched").on(t.id).where(sql`dispatched_at IS NULL`),
    index("events_dispatch_key").on(t.dispatchKey).where(sql`dispatch_key IS NOT NULL`),
  ],
);

/** Webhook endpoints of a company: where events are sent, signed with the endpoint's secret. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: id(),
    companyId: companyId(),
    url: text().notNull(),
    description: text(),
    /** JSON array of event types. */
    eventTypes: text().notNull(),
    /** 1 active, 0 inactive (by the user, or by a receiver answering 410). */
    active: integer().notNull().default(1),
    disabledReason: text(),
    secret: text().notNull(),
    /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
    previousSecret: text(),
    previousSecretExpiresAt: text(),
    maxPerSecond: integer().notNull().default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_company").on(t.companyId, t.id),
    check("webhook_endpoints_active", sql`${t.active} IN (0, 1)`),
  ],
);

/** One event for one endpoint; UNIQUE so a fan-out run twice never delivers it twice. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    companyId: companyId(),
    eventId: integer().notNull(),
    endpointId: integer().notNull(),
    /** `Pending` | `Sending` | `Delivered` | `Failed` (dead end) | `Cancelled` (endpoint inactive) */
    status: text().notNull().default("Pending"),
    attempts: integer().notNull().default(0),
    /** `attempts` when the current round began (0, or where a redelivery restarted it): the dead end counts from here. */
    roundStart: integer().notNull().default(0),
    nextAttemptAt: text(),
    lastStatusCode: integer(),
    deliveredAt: text(),
    deliveredMs: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint").on(t.eventId, t.endpointId),
    index("webhook_deliveries_company").on(t.companyId, t.id),
    index("webhook_deliveries_endpoint").on(t.endpointId, t.id),
    index("webhook_deliveries_waiting")
      .on(t.status, t.nextAttemptAt)
      .where(sql`status IN ('Pending', 'Sending')`),
  ],
);

/** Every attempt of a delivery, kept for the delivery log. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: id(),
    companyId: companyId(),
    deliveryId: integer().notNull(),
    number: integer().notNull(),
    /** `Delivered` | `Retry` | `Failed` (dead end) | `Disabled` (410) */
    status: text().notNull(),
    responseCode: integer(),
    /** What went wrong without an HTTP answer: `timeout`, `connection`... */
    error: text(),
    durationMs: integer().notNull(),
    attemptedAt: createdAt(),
    nextAttemptAt: text(),
  },
  (t) => [uniqueIndex("webhook_attempts_delivery_number").on(t.deliveryId, t.number)],
);

/** Per-endpoint fixed-window counter of deliveries (the rate bound). */
export const webhookRateWindows = sqliteTable("webhook_rate_windows", {
  endpointId: integer().primaryKey(),
  /** Unix second of the window. */
  window: integer().notNull(),
  count: integer().notNull(),
});

/**
 * E-mail outbox: written in the batch of the change that causes the message, sent by the events
 * consumer through the mail adapter (Cloudflare's `send_email` in production, kept here locally).
 */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: id(),
    companyId: companyId(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** `Pending` | `Sent` | `Failed` */
    status: text().notNull().default("Pending"),
    /** Which adapter sent it: `local` | `send_email`. */
    transport: text(),
    error: text(),
    createdAt: createdAt(),
    sentAt: text(),
  },
  (t) => [
    index("mail_messages_company").on(t.companyId, t.id),
    index("mail_messages_pending").on(t.id).where(sql`status = 'Pending'`),
  ],
);

/** Templates fired on tracking status transitions, one per status and channel. */
export const trackingMessages = sqliteTable(
  "tracking_messages",
  {
    id: id(),
    companyId: companyId(),
    trackingStatusId: integer().notNull(),
    /** 1 e-mail, 2 webhook */
    typeMessage: integer().notNull(),
    subject: text(),
    body: text().notNull(),
    active: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tracking_messages_status_type").on(t.companyId, t.trackingStatusId, t.typeMessage),
    check("tracking_messages_type", sql`${t.typeMessage} IN (1, 2)`),
  ],
);
