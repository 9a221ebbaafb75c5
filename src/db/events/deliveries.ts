import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  events,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookRateWindows,
} from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { eqIf, inList, onPage, type Statement, utcNow } from "../sql";
import type { WebhookEndpointRow } from "./endpoints";
import type { EventRow } from "./outbox";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

const inSeconds = (seconds: number) =>
  sql`strftime('%Y-%m-%d %H:%M:%S', 'now', ${`+${Math.round(seconds)} seconds`})`;

/** The attempt a `deliver` message asks for: attempt `attempt` of delivery `deliveryId`. */
export type WantedAttempt = { deliveryId: number; attempt: number };

/** What one claim of a consumer batch took, with all it needs to send. */
export type BatchClaim = {
  /** The deliveries taken (status `Sending`, `attempts` already counting this attempt), by id. */
  deliveries: DeliveryRow[];
  /** Per endpoint of those deliveries: its window's count, them included. */
  windowCounts: Map<number, number>;
  endpoints: WebhookEndpointRow[];
  events: EventRow[];
};

/**
 * Takes the wanted attempts that are still pending (status `Sending` until `deadlineSeconds`) and
 * counts them in their endpoints' windows of second `window`, in one batch (one commit), which also
 * reads their endpoints and events. A delivery is taken only at attempt `attempts + 1`, and only one
 * of two concurrent claims gets it: a duplicate or stale message finds nothing, an event is never
 * sent twice for the same attempt. `wanted` holds each (delivery, attempt) once.
 */
export async function claimDeliveries(
  db: Db,
  wanted: WantedAttempt[],
  deadlineSeconds: number,
  window: number,
): Promise<BatchClaim> {
  if (wanted.length === 0) return { deliveries: [], windowCounts: new Map(), endpoints: [], events: [] };
  const ids = wanted.map((w) => w.deliveryId);
  const pairs = JSON.stringify(wanted.map((w) => [w.deliveryId, w.attempt]));
  const due = and(
    eq(webhookDeliveries.status, "Pending"),
    inList(webhookDeliveries.id, ids),
    sql`(${webhookDeliveries.id}, ${webhookDeliveries.attempts} + 1) IN
      (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${pairs}))`,
  );
  const ofListed = (column: typeof webhookDeliveries.endpointId | typeof webhookDeliveries.eventId) =>
    sql`SELECT ${column} FROM ${webhookDeliveries} WHERE ${inList(webhookDeliveries.id, ids)} AND ${webhookDeliveries.status} = 'Sending'`;
  const [counted, claimed, endpoints, eventRows] = await db.batch([
    // counted before the claim, in the same transaction: exactly the rows the claim takes
    rawStatement(
      db,
      sql`INSERT INTO ${webhookRateWindows} (endpoint_id, window, count)
        SELECT endpoint_id, ${window}, count(*) FROM ${webhookDeliveries} WHERE ${due} GROUP BY endpoint_id
        ON CONFLICT (endpoint_id) DO UPDATE SET
          count = CASE WHEN window = excluded.window THEN count + excluded.count ELSE excluded.count END,
          window = excluded.window
        RETURNING endpoint_id AS endpointId, count`,
    ),
    db
      .update(webhookDeliveries)
      .set({
        status: "Sending",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: inSeconds(deadlineSeconds),
      })
      .where(due)
      .returning(),
    db
      .select()
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.id} IN (${ofListed(webhookDeliveries.endpointId)})`),
    db
      .select()
      .from(events)
      .where(sql`${events.id} IN (${ofListed(webhookDeliveries.eventId)})`),
  ]);
  const counts = (counted as D1Result<{ endpointId: number; count: number }>).results ?? [];
  return {
    deliveries: (claimed as DeliveryRow[]).sort((a, b) => a.id - b.id),
    windowCounts: new Map(counts.map((row) => [row.endpointId, row.count])),
    endpoints,
    events: eventRows,
  };
}

export type AttemptRecord = {
  delivery: DeliveryRow;
  /** Delivery status after the attempt. */
  deliveryStatus: "Pending" | "Delivered" | "Failed";
  /** Attempt status in the log. */
  attemptStatus: "Delivered" | "Retry" | "Failed" | "Disabled";
  responseCode: number | null;
  error: string | null;
  durationMs: number;
  /** Seconds to the next attempt, when there is one. */
  retryInSeconds: number | null;
  /** Turns the endpoint off with this reason (a 410). */
  disableEndpoint?: string;
};

/** How a claimed delivery ends its turn: an attempt made, given back untried, or closed. */
export type ClaimOutcome =
  | { kind: "attempted"; record: AttemptRecord }
  /** The endpoint's rate was reached: pending again in `seconds`, the attempt not counted. */
  | { kind: "released"; deliveryId: number; seconds: number }
  /** The endpoint is gone or inactive: closed without an attempt. */
  | { kind: "cancelled"; deliveryId: number };

/** The attempt in the log and the delivery's new state (and the endpoint turned off on a 410). */
function attemptStatements(db: Db, r: AttemptRecord): Statement[] {
  const next = r.retryInSeconds === null ? null : inSeconds(r.retryInSeconds);
  const statements: Statement[] = [
    db.insert(webhookAttempts).values({
      companyId: r.delivery.companyId,
      deliveryId: r.delivery.id,
      number: r.delivery.attempts,
      status: r.attemptStatus,
      responseCode: r.responseCode,
      error: r.error,
      durationMs: r.durationMs,
      nextAttemptAt: next,
    }),
    db
      .update(webhookDeliveries)
      .set({
        status: r.deliveryStatus,
        lastStatusCode: r.responseCode,
        nextAttemptAt: next,
        ...(r.deliveryStatus === "Delivered"
          ? { deliveredAt: utcNow, deliveredMs: sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)` }
          : {}),
      })
      .where(and(eq(webhookDeliveries.id, r.delivery.id), eq(webhookDeliveries.status, "Sending"))),
  ];
  if (r.disableEndpoint)
    statements.push(
      db
        .update(webhookEndpoints)
        .set({ active: 0, disabledReason: r.disableEndpoint, updatedAt: utcNow })
        .where(eq(webhookEndpoints.id, r.delivery.endpointId)),
    );
  return statements;
}

function outcomeStatements(db: Db, outcome: ClaimOutcome): Statement[] {
  if (outcome.kind === "attempted") return attemptStatements(db, outcome.record);
  const sending = (id: number) => and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "Sending"));
  if (outcome.kind === "released")
    return [
      db
        .update(webhookDeliveries)
        .set({
          status: "Pending",
          attempts: sql`${webhookDeliveries.attempts} - 1`,
          nextAttemptAt: inSeconds(outcome.seconds),
        })
        .where(sending(outcome.deliveryId)),
    ];
  return [
    db
      .update(webhookDeliveries)
      .set({ status: "Cancelled", attempts: sql`${webhookDeliveries.attempts} - 1`, nextAttemptAt: null })
      .where(sending(outcome.deliveryId)),
  ];
}

/** Records how each claimed delivery of a consumer batch ended its turn, all in one batch. */
export async function recordOutcomes(db: Db, outcomes: ClaimOutcome[]): Promise<void> {
  const statements = outcomes.flatMap((outcome) => outcomeStatements(db, outcome));
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
}

export type DeliveryFilters = { endpointId?: number; status?: string; eventType?: string; page: number };

export type DeliveryListRow = DeliveryRow & { eventUid: string; eventType: string; eventCreatedAt: string };

const deliveryColumns = {
  delivery: webhookDeliveries,
  eventUid: events.uid,
  eventType: events.type,
  eventCreatedAt: events.createdAt,
};

const flatten = (row: {
  delivery: DeliveryRow;
  eventUid: string;
  eventType: string;
  eventCreatedAt: string;
}) => ({
  ...row.delivery,
  eventUid: row.eventUid,
  eventType: row.eventType,
  eventCreatedAt: row.eventCreatedAt,
});

export async function listDeliveries(
  db: Db,
  companyId: number,
  f: DeliveryFilters,
): Promise<DeliveryListRow[]> {
  const conditions = [
    eq(webhookDeliveries.companyId, companyId),
    eqIf(webhookDeliveries.endpointId, f.endpointId),
    eqIf(webhookDeliveries.status, f.status),
    eqIf(events.type, f.eventType),
  ];
  const rows = await onPage(
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(and(...conditions))
      .orderBy(desc(webhookDeliveries.id)),
    f.page,
  );
  return rows.map(flatten);
}

export async function findDelivery(
  db: Db,
  companyId: number,
  deliveryId: number,
): Promise<DeliveryListRow | undefined> {
  const row = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, companyId)))
    .get();
  return row ? flatten(row) : undefined;
}

/** Attempts of deliveries, oldest first. */
export async function attemptsOf(db: Db, companyId: number, deliveryIds: number[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.companyId, companyId), inArray(webhookAttempts.deliveryId, deliveryIds)))
    .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.number));
}

/**
 * Starts a new round of attempts of a finished delivery (delivered, dead or cancelled): pending now,
 * the dead end counted from here. Answers the attempt now awaited, or null when it is not finished.
 */
export async function restartDelivery(db: Db, companyId: number, deliveryId: number): Promise<number | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "Pending", roundStart: webhookDeliveries.attempts, nextAttemptAt: utcNow })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.companyId, companyId),
        inArray(webhookDeliveries.status, ["Delivered", "Failed", "Cancelled"]),
      ),
    )
    .returning({ attempts: webhookDeliveries.attempts });
  return row ? row.attempts + 1 : null;
}
