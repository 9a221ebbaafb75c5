import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  events,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookRateWindows,
} from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { PAGE_SIZE, type Statement, utcNow } from "../sql";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

const inSeconds = (seconds: number) =>
  sql`strftime('%Y-%m-%d %H:%M:%S', 'now', ${`+${Math.round(seconds)} seconds`})`;

/**
 * Takes attempt `attempt` of a pending delivery (status `Sending` until `deadlineSeconds`) and counts
 * it in its endpoint's window of second `window`, in one batch (one commit). Only one of two
 * concurrent runs gets the row, so an event is never sent twice for the same attempt. Answers the
 * delivery and the count of its endpoint's window so far, or undefined when there is nothing to do.
 */
export async function claimDelivery(
  db: Db,
  deliveryId: number,
  attempt: number,
  deadlineSeconds: number,
  window: number,
): Promise<{ delivery: DeliveryRow; inWindow: number } | undefined> {
  const [claimed, counted] = await db.batch([
    db
      .update(webhookDeliveries)
      .set({
        status: "Sending",
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: inSeconds(deadlineSeconds),
      })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, "Pending"),
          eq(webhookDeliveries.attempts, attempt - 1),
        ),
      )
      .returning(),
    rawStatement(
      db,
      sql`INSERT INTO ${webhookRateWindows} (endpoint_id, window, count)
        SELECT endpoint_id, ${window}, 1 FROM ${webhookDeliveries}
        WHERE id = ${deliveryId} AND status = 'Sending' AND attempts = ${attempt} AND changes() > 0
        ON CONFLICT (endpoint_id) DO UPDATE SET
          count = CASE WHEN window = excluded.window THEN count + 1 ELSE 1 END,
          window = excluded.window
        RETURNING count`,
    ),
  ]);
  const delivery = (claimed as DeliveryRow[])[0];
  if (!delivery) return undefined;
  const inWindow = ((counted as D1Result<{ count: number }>).results ?? [])[0]?.count ?? 1;
  return { delivery, inWindow };
}

/** Gives a claimed attempt back untried (the endpoint's rate was reached): pending again in `seconds`. */
export async function releaseDelivery(db: Db, deliveryId: number, seconds: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: "Pending",
      attempts: sql`${webhookDeliveries.attempts} - 1`,
      nextAttemptAt: inSeconds(seconds),
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "Sending")));
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

/** The attempt in the log and the delivery's new state (and the endpoint turned off on a 410): one batch. */
export async function recordAttempt(db: Db, r: AttemptRecord): Promise<void> {
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
  await db.batch(statements as [Statement, ...Statement[]]);
}

/** A delivery whose endpoint is gone or inactive: closed without an attempt. */
export async function cancelDelivery(db: Db, deliveryId: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: "Cancelled", attempts: sql`${webhookDeliveries.attempts} - 1`, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "Sending")));
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
  const conditions: SQL[] = [eq(webhookDeliveries.companyId, companyId)];
  if (f.endpointId !== undefined) conditions.push(eq(webhookDeliveries.endpointId, f.endpointId));
  if (f.status !== undefined) conditions.push(eq(webhookDeliveries.status, f.status));
  if (f.eventType !== undefined) conditions.push(eq(events.type, f.eventType));
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(PAGE_SIZE)
    .offset(f.page * PAGE_SIZE);
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
