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

/** Seconds from now as the database's `YYYY-MM-DD HH:MM:SS` (UTC), or NULL: `seconds` is a column of the rows. */
const nowPlus = (seconds: SQL) =>
  sql`CASE WHEN ${seconds} IS NULL THEN NULL ELSE strftime('%Y-%m-%d %H:%M:%S', 'now', '+' || ${seconds} || ' seconds') END`;

/** The rows of a JSON array parameter as columns: `name` <- `$.key` of each element. */
const jsonRows = (rows: unknown[], columns: Record<string, string>) =>
  sql`SELECT ${sql.raw(
    Object.entries(columns)
      .map(([name, key]) => `json_extract(value, '$.${key}') AS ${name}`)
      .join(", "),
  )} FROM json_each(${JSON.stringify(rows)})`;

/** Every attempt made, into the log (one row each). */
function insertAttempts(db: Db, records: AttemptRecord[]): Statement {
  const rows = records.map((r) => ({
    c: r.delivery.companyId,
    d: r.delivery.id,
    n: r.delivery.attempts,
    s: r.attemptStatus,
    r: r.responseCode,
    e: r.error,
    ms: r.durationMs,
    w: r.retryInSeconds === null ? null : Math.round(r.retryInSeconds),
  }));
  return rawStatement(
    db,
    sql`INSERT INTO ${webhookAttempts}
      (company_id, delivery_id, number, status, response_code, error, duration_ms, next_attempt_at)
      SELECT c, d, n, s, r, e, ms, ${nowPlus(sql`w`)}
      FROM (${jsonRows(rows, { c: "c", d: "d", n: "n", s: "s", r: "r", e: "e", ms: "ms", w: "w" })})`,
  );
}

/**
 * The new state of each delivery still `Sending` (its claim's): an attempt sets its status, last
 * answer and next attempt (and when it was delivered); a release gives it back to `Pending` in a
 * few seconds and a cancel closes it, both uncounting the attempt the claim had counted.
 */
function updateDeliveries(db: Db, outcomes: ClaimOutcome[]): Statement {
  const rows = outcomes.map((o) => {
    if (o.kind === "attempted") {
      const r = o.record;
      return {
        i: r.delivery.id,
        s: r.deliveryStatus,
        a: 0,
        w: r.retryInSeconds === null ? null : Math.round(r.retryInSeconds),
        t: 1,
        r: r.responseCode,
        v: r.deliveryStatus === "Delivered" ? 1 : 0,
      };
    }
    const seconds = o.kind === "released" ? Math.round(o.seconds) : null;
    const status = o.kind === "released" ? "Pending" : "Cancelled";
    return { i: o.deliveryId, s: status, a: -1, w: seconds, t: 0, r: null, v: 0 };
  });
  return rawStatement(
    db,
    sql`UPDATE ${webhookDeliveries} SET
        status = o.s,
        attempts = attempts + o.a,
        next_attempt_at = ${nowPlus(sql`o.w`)},
        last_status_code = CASE WHEN o.t = 1 THEN o.r ELSE last_status_code END,
        delivered_at = CASE WHEN o.v = 1 THEN ${utcNow} ELSE delivered_at END,
        delivered_ms = CASE WHEN o.v = 1 THEN CAST(unixepoch('subsec') * 1000 AS INTEGER) ELSE delivered_ms END
      FROM (${jsonRows(rows, { i: "i", s: "s", a: "a", w: "w", t: "t", r: "r", v: "v" })}) AS o
      WHERE ${webhookDeliveries.id} = o.i AND ${webhookDeliveries.status} = 'Sending'`,
  );
}

/** The endpoints a 410 answered for, turned off with their reason. */
function disableEndpoints(db: Db, records: AttemptRecord[]): Statement {
  const reasons = new Map(records.map((r) => [r.delivery.endpointId, r.disableEndpoint]));
  const rows = [...reasons].map(([i, why]) => ({ i, why }));
  return rawStatement(
    db,
    sql`UPDATE ${webhookEndpoints} SET active = 0, disabled_reason = o.why, updated_at = ${utcNow}
      FROM (${jsonRows(rows, { i: "i", why: "why" })}) AS o
      WHERE ${webhookEndpoints.id} = o.i`,
  );
}

/**
 * Records how each claimed delivery of a consumer batch ended its turn, in one batch of at most
 * three statements whatever the number of deliveries (each list one JSON parameter read by
 * `json_each`): the attempts into the log, the deliveries' new state, the endpoints a 410 turned off.
 */
export async function recordOutcomes(db: Db, outcomes: ClaimOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const attempted = outcomes.flatMap((o) => (o.kind === "attempted" ? [o.record] : []));
  const gone = attempted.filter((r) => r.disableEndpoint);
  const statements: Statement[] = [
    ...(attempted.length > 0 ? [insertAttempts(db, attempted)] : []),
    updateDeliveries(db, outcomes),
    ...(gone.length > 0 ? [disableEndpoints(db, gone)] : []),
  ];
  await db.batch(statements as [Statement, ...Statement[]]);
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
