import { and, asc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import { events, mailMessages, webhookDeliveries, webhookEndpoints } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { type Statement, utcNow } from "../sql";

/** A value only known inside the batch (an id inserted by an earlier statement), as SQL. */
export type BatchValue = ReturnType<typeof sql>;

export type NewEvent = {
  companyId: number;
  uid: string;
  type: string;
  /** JSON object text. */
  payload: string;
  /** Fields of the payload set from values of the same batch (`json_set`). */
  batchValues?: Record<string, BatchValue>;
  /** The event is written only when this holds when its statement runs. */
  onlyIf?: BatchValue;
};

/**
 * `dispatched_at` of a new event of `type` in `companyId`: NULL (waits for its fan-out) when an active
 * endpoint of the company subscribes to the type, else the statement's clock: the event is born
 * dispatched, since a fan-out would find no endpoint to deliver it to. An event goes to the endpoints
 * subscribed to its type when it is written; a bulk job's thousands of events nobody subscribes to
 * then cost no fan-out at all. Uncorrelated with the rows inserted, SQLite evaluates it once per
 * statement.
 */
export function newEventDispatchedAt(companyId: number, type: string): SQL {
  return sql`(CASE WHEN EXISTS (SELECT 1 FROM ${webhookEndpoints} w
    WHERE w.company_id = ${companyId} AND w.active = 1 AND ${type} IN (SELECT value FROM json_each(w.event_types)))
    THEN NULL ELSE ${utcNow} END)`;
}

/** The insert of one outbox row, for the `db.batch` of the change that causes it. */
export function insertEventStatement(db: Db, event: NewEvent): Statement {
  const sets = Object.entries(event.batchValues ?? {}).map(
    ([field, value]) => sql`, ${`$.${field}`}, ${value}`,
  );
  const payload = sets.length
    ? sql`json_set(${event.payload}${sql.join(sets)})`
    : sql`json(${event.payload})`;
  return rawStatement(
    db,
    sql`INSERT INTO ${events} (company_id, uid, type, payload, dispatched_at)
    SELECT ${event.companyId}, ${event.uid}, ${event.type}, ${payload},
      ${newEventDispatchedAt(event.companyId, event.type)}
    WHERE ${event.onlyIf ?? sql`1`}`,
  );
}

/** True when the statement just before (in the same batch) changed a row: `onlyIf` of follow-up events. */
export const PREVIOUS_STATEMENT_CHANGED: BatchValue = sql`changes() > 0`;

export type EventRow = typeof events.$inferSelect;

/**
 * Claims up to `limit` undispatched events under `key` and creates one delivery per subscribed
 * active endpoint, in one batch (UNIQUE (event, endpoint): a second run never doubles a delivery).
 * Answers the ids of the deliveries created.
 */
export async function fanOutEvents(db: Db, key: string, limit: number): Promise<number[]> {
  const [, inserted] = await db.batch([
    rawStatement(
      db,
      sql`UPDATE ${events} SET dispatch_key = ${key}, dispatched_at = ${utcNow}
      WHERE id IN (SELECT id FROM ${events} WHERE dispatched_at IS NULL ORDER BY id LIMIT ${limit})`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO ${webhookDeliveries} (company_id, event_id, endpoint_id, next_attempt_at)
      SELECT e.company_id, e.id, w.id, ${utcNow}
      FROM ${events} e JOIN ${webhookEndpoints} w ON w.company_id = e.company_id AND w.active = 1
      WHERE e.dispatch_key = ${key} AND e.type IN (SELECT value FROM json_each(w.event_types))
      ORDER BY e.id, w.id
      ON CONFLICT DO NOTHING
      RETURNING id`,
    ),
  ]);
  return ((inserted as D1Result<{ id: number }>).results ?? []).map((row) => row.id);
}

/** Whether events still wait for their fan-out. */
export async function hasUndispatchedEvents(db: Db): Promise<boolean> {
  const row = await db.get<{ pending: number }>(
    sql`SELECT EXISTS (SELECT 1 FROM ${events} WHERE dispatched_at IS NULL) AS pending`,
  );
  return Boolean(row?.pending);
}

/** Whether anything waits for the events consumer: undispatched events or unsent mail. */
export async function hasOutboxWork(db: Db): Promise<boolean> {
  const row = await db.get<{ pending: number }>(sql`SELECT
    EXISTS (SELECT 1 FROM ${events} WHERE dispatched_at IS NULL) OR
    EXISTS (SELECT 1 FROM ${mailMessages} WHERE status = 'Pending') AS pending`);
  return Boolean(row?.pending);
}

/**
 * Deliveries left waiting past their time (their queue message was lost, or the run that sent them
 * died): `Sending` past its deadline goes back to `Pending`; answers the pending ones due since
 * `graceSeconds`, with the attempt they wait for.
 */
export async function staleDeliveries(
  db: Db,
  graceSeconds: number,
  limit: number,
): Promise<{ id: number; attempt: number }[]> {
  const due = sql`strftime('%Y-%m-%d %H:%M:%S', 'now', ${`-${graceSeconds} seconds`})`;
  await db
    .update(webhookDeliveries)
    .set({ status: "Pending" })
    .where(and(eq(webhookDeliveries.status, "Sending"), lte(webhookDeliveries.nextAttemptAt, due)));
  const rows = await db
    .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "Pending"), lte(webhookDeliveries.nextAttemptAt, due)))
    .orderBy(asc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, attempt: row.attempts + 1 }));
}

/** Ids of the mail messages still to send. */
export async function pendingMailIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, "Pending"), isNull(mailMessages.sentAt)))
    .orderBy(asc(mailMessages.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
