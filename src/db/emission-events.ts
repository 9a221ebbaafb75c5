import { and, asc, eq, sql } from "drizzle-orm";
import { companyInvoices, issuedNfeEvents, issuedNfes, nfeVoids } from "../../drizzle/schema";
import { EVENT_LEASE_SECONDS, EVENT_STATUS, NOTE_STATUS } from "../domain/emission/event-rules";
import type { Db } from "../env";
import { rawStatement } from "./raw-statement";
import { PAGE_SIZE, type Statement, utcNow } from "./sql";

/**
 * The issuer's events on its notes (cancellation, CC-e: `issued_nfe_events`) and number voidings
 * (`nfe_voids`), scoped by company. The notes themselves (`issued_nfes`) are the issuing's; this file
 * reads them and writes only what an event changes (the status of a cancelled note).
 */

export type IssuedNfeRow = typeof issuedNfes.$inferSelect;
export type IssuedNfeEventRow = typeof issuedNfeEvents.$inferSelect;
export type NfeVoidRow = typeof nfeVoids.$inferSelect;
export type IssuerRow = Pick<
  typeof companyInvoices.$inferSelect,
  "id" | "name" | "document" | "uf" | "nfeSeries" | "nfeNextNumber"
>;

const issuerColumns = {
  id: companyInvoices.id,
  name: companyInvoices.name,
  document: companyInvoices.document,
  uf: companyInvoices.uf,
  nfeSeries: companyInvoices.nfeSeries,
  nfeNextNumber: companyInvoices.nfeNextNumber,
};

/** A note of the company with its invoicing company (the issuer), or undefined. */
export async function findNoteWithIssuer(
  db: Db,
  companyId: number,
  nfeId: number,
): Promise<{ note: IssuedNfeRow; issuer: IssuerRow } | undefined> {
  const row = await db
    .select({ note: issuedNfes, issuer: issuerColumns })
    .from(issuedNfes)
    .innerJoin(
      companyInvoices,
      and(eq(companyInvoices.id, issuedNfes.companyInvoiceId), eq(companyInvoices.companyId, companyId)),
    )
    .where(and(eq(issuedNfes.companyId, companyId), eq(issuedNfes.id, nfeId)))
    .get();
  return row ?? undefined;
}

/** An active invoicing company of the company (the issuer of a voiding), or undefined. */
export async function findIssuer(db: Db, companyId: number, id: number): Promise<IssuerRow | undefined> {
  return db
    .select(issuerColumns)
    .from(companyInvoices)
    .where(
      and(
        eq(companyInvoices.companyId, companyId),
        eq(companyInvoices.id, id),
        eq(companyInvoices.status, 1),
      ),
    )
    .get();
}

/** Where the issuer reaches SEFAZ instead of its authorizer (`NFeBaseUrl`: a double), or null. */
export async function issuerBaseUrl(db: Db, companyId: number, id: number): Promise<string | null> {
  const row = await db
    .select({ baseUrl: companyInvoices.nfeBaseUrl })
    .from(companyInvoices)
    .where(and(eq(companyInvoices.companyId, companyId), eq(companyInvoices.id, id)))
    .get();
  return row?.baseUrl ?? null;
}

/** The events of a note, in type then sequence order. */
export function eventsOfNote(db: Db, companyId: number, nfeId: number): Promise<IssuedNfeEventRow[]> {
  return db
    .select()
    .from(issuedNfeEvents)
    .where(and(eq(issuedNfeEvents.companyId, companyId), eq(issuedNfeEvents.nfeId, nfeId)))
    .orderBy(asc(issuedNfeEvents.type), asc(issuedNfeEvents.sequence));
}

/** A new event row, `Processing` (the request that inserts it holds it); a taken sequence throws a constraint error. */
export async function insertProcessingEvent(
  db: Db,
  values: { companyId: number; nfeId: number; type: number; sequence: number; text: string },
): Promise<IssuedNfeEventRow> {
  const [row] = await db
    .insert(issuedNfeEvents)
    .values({ ...values, status: EVENT_STATUS.processing })
    .returning();
  return row!;
}

/**
 * The takeover of an event a request may send again: `Pending` (an earlier send had no conclusive
 * answer), `Rejected` (SEFAZ refused it: the sequence is free again), or `Processing` whose holder
 * stopped more than the lease ago. Conditioned on the row as read (`updated_at`), so of two requests
 * only one takes it; a rejected one takes the new text (the pending keeps its own: SEFAZ may hold it).
 */
export async function claimEvent(
  db: Db,
  companyId: number,
  event: Pick<IssuedNfeEventRow, "id" | "updatedAt" | "status">,
  text: string,
): Promise<boolean> {
  const result = await db
    .update(issuedNfeEvents)
    .set({
      status: EVENT_STATUS.processing,
      text: event.status === EVENT_STATUS.rejected ? text : sql`${issuedNfeEvents.text}`,
      updatedAt: utcNow,
    })
    .where(
      and(
        eq(issuedNfeEvents.companyId, companyId),
        eq(issuedNfeEvents.id, event.id),
        eq(issuedNfeEvents.updatedAt, event.updatedAt),
        claimable(issuedNfeEvents.status, issuedNfeEvents.updatedAt),
      ),
    )
    .returning({ id: issuedNfeEvents.id });
  return result.length === 1;
}

/** Whether a row in `status` with `updatedAt` may be taken by another request now (see `claimEvent`). */
const claimable = (status: typeof issuedNfeEvents.status, updatedAt: typeof issuedNfeEvents.updatedAt) =>
  sql`(${status} IN (${EVENT_STATUS.pending}, ${EVENT_STATUS.rejected}) OR (${status} = ${EVENT_STATUS.processing}
    AND ${updatedAt} <= strftime('%Y-%m-%d %H:%M:%S', 'now', ${`-${EVENT_LEASE_SECONDS} seconds`})))`;

/** Whether a `Processing` row (event or voiding) is still held (its lease running), as the database's clock says. */
export async function leaseRunning(db: Db, updatedAt: string): Promise<boolean> {
  const row = await db
    .select({
      running: sql<number>`${updatedAt} > strftime('%Y-%m-%d %H:%M:%S', 'now', ${`-${EVENT_LEASE_SECONDS} seconds`})`,
    })
    .from(sql`(SELECT 1)`)
    .get();
  return row?.running === 1;
}

/** SEFAZ's answer on an event that did not register it (rejection) or gave none (pending). */
export async function recordEventOutcome(
  db: Db,
  companyId: number,
  eventId: number,
  outcome: { status: "Rejected" | "Pending"; cStat: number | null; xMotivo: string },
): Promise<void> {
  await db
    .update(issuedNfeEvents)
    .set({ ...outcome, updatedAt: utcNow })
    .where(and(eq(issuedNfeEvents.companyId, companyId), eq(issuedNfeEvents.id, eventId)));
}

/** The event registered with its protocol and the R2 key of its procEventoNFe. */
export function eventRegisteredStatement(
  db: Db,
  companyId: number,
  eventId: number,
  answer: {
    cStat: number;
    xMotivo: string;
    protocol: string | null;
    registeredAt: string | null;
    xmlKey: string;
  },
): Statement {
  return db
    .update(issuedNfeEvents)
    .set({ status: EVENT_STATUS.registered, ...answer, updatedAt: utcNow })
    .where(and(eq(issuedNfeEvents.companyId, companyId), eq(issuedNfeEvents.id, eventId)));
}

/**
 * The note `Cancelled`, and the batch fails (NOT NULL) when it is no longer `Authorized`: a note is
 * cancelled once.
 */
export function noteCancelledStatement(db: Db, companyId: number, nfeId: number): Statement {
  return rawStatement(
    db,
    sql`UPDATE issued_nfes SET status = CASE WHEN status = ${NOTE_STATUS.authorized} THEN ${NOTE_STATUS.cancelled} ELSE NULL END,
      updated_at = ${utcNow} WHERE id = ${nfeId} AND company_id = ${companyId}`,
  );
}

/** The next CC-e sequence of a note (its highest + 1, counting every row: a sequence is never reused). */
export async function lastSequence(db: Db, companyId: number, nfeId: number, type: number): Promise<number> {
  const row = await db
    .select({ last: sql<number>`coalesce(max(${issuedNfeEvents.sequence}), 0)` })
    .from(issuedNfeEvents)
    .where(
      and(
        eq(issuedNfeEvents.companyId, companyId),
        eq(issuedNfeEvents.nfeId, nfeId),
        eq(issuedNfeEvents.type, type),
      ),
    )
    .get();
  return Number(row?.last ?? 0);
}

export type SeriesKey = { companyInvoiceId: number; model: number; series: number };

const voidOfSeries = (companyId: number, key: SeriesKey) =>
  and(
    eq(nfeVoids.companyId, companyId),
    eq(nfeVoids.companyInvoiceId, key.companyInvoiceId),
    eq(nfeVoids.model, key.model),
    eq(nfeVoids.series, key.series),
  );

/** The first note of the series whose number lies in the range, if any. */
export async function noteInRange(
  db: Db,
  companyId: number,
  key: SeriesKey,
  from: number,
  to: number,
): Promise<Pick<IssuedNfeRow, "id" | "number" | "status"> | undefined> {
  return db
    .select({ id: issuedNfes.id, number: issuedNfes.number, status: issuedNfes.status })
    .from(issuedNfes)
    .where(
      and(
        eq(issuedNfes.companyId, companyId),
        eq(issuedNfes.companyInvoiceId, key.companyInvoiceId),
        eq(issuedNfes.model, key.model),
        eq(issuedNfes.series, key.series),
        sql`${issuedNfes.number} BETWEEN ${from} AND ${to}`,
      ),
    )
    .orderBy(asc(issuedNfes.number))
    .get();
}

/** The voidings of the series (not rejected) whose range meets `from..to`. */
export function voidsOverlapping(
  db: Db,
  companyId: number,
  key: SeriesKey,
  from: number,
  to: number,
): Promise<NfeVoidRow[]> {
  return db
    .select()
    .from(nfeVoids)
    .where(
      and(
        voidOfSeries(companyId, key),
        sql`${nfeVoids.status} <> ${EVENT_STATUS.rejected}`,
        sql`${nfeVoids.numberFrom} <= ${to} AND ${nfeVoids.numberTo} >= ${from}`,
      ),
    )
    .orderBy(asc(nfeVoids.numberFrom));
}

/**
 * The statements that open a voiding: the guard (the batch fails, NOT NULL on `status`, when a note
 * of the series took a number of the range or another voiding, not rejected, meets it since they
 * were read), the row `Processing`, and, when the range covers the series' next number, that number
 * moved past the range, so the issuing never takes a number being voided. Answers the new row's id
 * through `RETURNING` of the insert (the second statement).
 */
export function openVoidStatements(
  db: Db,
  values: {
    companyId: number;
    key: SeriesKey;
    from: number;
    to: number;
    environment: number;
    justification: string;
    /** The issuer's series (its next number is this series' only when they are the same). */
    advanceNext: boolean;
  },
): Statement[] {
  const { companyId, key, from, to } = values;
  const statements: Statement[] = [
    db
      .insert(nfeVoids)
      .values({
        companyId,
        ...key,
        numberFrom: from,
        numberTo: to,
        environment: values.environment,
        justification: values.justification,
        status: sql`CASE WHEN EXISTS (SELECT 1 FROM issued_nfes WHERE company_id = ${companyId}
            AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}
            AND number BETWEEN ${from} AND ${to})
          OR EXISTS (SELECT 1 FROM nfe_voids WHERE company_id = ${companyId}
            AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}
            AND status <> ${EVENT_STATUS.rejected} AND number_from <= ${to} AND number_to >= ${from})
          THEN NULL ELSE ${EVENT_STATUS.processing} END`,
      })
      .returning({ id: nfeVoids.id }),
  ];
  if (values.advanceNext)
    statements.push(
      rawStatement(
        db,
        sql`UPDATE company_invoices SET nfe_next_number = ${to + 1}
          WHERE id = ${key.companyInvoiceId} AND company_id = ${companyId} AND nfe_series = ${key.series}
            AND nfe_next_number BETWEEN ${from} AND ${to}`,
      ),
    );
  return statements;
}

/** A voiding of the company, or undefined. */
export function findVoid(db: Db, companyId: number, id: number): Promise<NfeVoidRow | undefined> {
  return db
    .select()
    .from(nfeVoids)
    .where(and(eq(nfeVoids.companyId, companyId), eq(nfeVoids.id, id)))
    .get();
}

/** The takeover of a voiding to send it again (`Pending`, or `Processing` past its lease); see `claimEvent`. */
export async function claimVoid(db: Db, companyId: number, row: Pick<NfeVoidRow, "id" | "updatedAt">) {
  const result = await db
    .update(nfeVoids)
    .set({ status: EVENT_STATUS.processing, updatedAt: utcNow })
    .where(
      and(
        eq(nfeVoids.companyId, companyId),
        eq(nfeVoids.id, row.id),
        eq(nfeVoids.updatedAt, row.updatedAt),
        sql`(${nfeVoids.status} = ${EVENT_STATUS.pending} OR (${nfeVoids.status} = ${EVENT_STATUS.processing}
          AND ${nfeVoids.updatedAt} <= strftime('%Y-%m-%d %H:%M:%S', 'now', ${`-${EVENT_LEASE_SECONDS} seconds`})))`,
      ),
    )
    .returning({ id: nfeVoids.id });
  return result.length === 1;
}

/** SEFAZ's answer on a voiding: registered (with the R2 key of its procInutNFe), rejected or none (pending). */
export async function recordVoidOutcome(
  db: Db,
  companyId: number,
  voidId: number,
  outcome: {
    status: "Registered" | "Rejected" | "Pending";
    cStat: number | null;
    xMotivo: string;
    protocol?: string | null;
    registeredAt?: string | null;
    xmlKey?: string | null;
  },
): Promise<void> {
  await db
    .update(nfeVoids)
    .set({ ...outcome, updatedAt: utcNow })
    .where(and(eq(nfeVoids.companyId, companyId), eq(nfeVoids.id, voidId)));
}

/**
 * A rejected voiding gives the series' next number back when the voiding moved it and nothing took
 * a number since (it still points just past the range): the numbers were never used.
 */
export async function restoreNextNumber(
  db: Db,
  companyId: number,
  key: SeriesKey,
  range: { from: number; to: number; previousNext: number },
): Promise<void> {
  await db.run(
    sql`UPDATE company_invoices SET nfe_next_number = ${range.previousNext}
      WHERE id = ${key.companyInvoiceId} AND company_id = ${companyId} AND nfe_series = ${key.series}
        AND nfe_next_number = ${range.to + 1}
        AND NOT EXISTS (SELECT 1 FROM issued_nfes WHERE company_id = ${companyId}
          AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}
          AND number > ${range.to})`,
  );
}

/**
 * The series' next number: the issuer's `NFeNextNumber` for its `NFeSeries`; for another series,
 * one past the highest number a note or a registered voiding holds (1 when none).
 */
export async function nextNumberOf(
  db: Db,
  companyId: number,
  issuer: IssuerRow,
  key: SeriesKey,
): Promise<number> {
  if (issuer.nfeSeries === key.series) return issuer.nfeNextNumber;
  const row = await db
    .select({
      next: sql<number>`1 + max(
        coalesce((SELECT max(number) FROM issued_nfes WHERE company_id = ${companyId}
          AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}), 0),
        coalesce((SELECT max(number_to) FROM nfe_voids WHERE company_id = ${companyId}
          AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}
          AND status = ${EVENT_STATUS.registered}), 0))`,
    })
    .from(sql`(SELECT 1)`)
    .get();
  return Number(row?.next ?? 1);
}

/**
 * The gaps of a series below `next`: the ranges of numbers no note holds and no registered voiding
 * covers, in one query. The used intervals (each note's number, each registered voiding's range, a
 * sentinel at 0 and one at `next`) are ordered by start; a gap opens wherever an interval starts
 * past the highest end of those before it.
 */
export async function gapsOfSeries(
  db: Db,
  companyId: number,
  key: SeriesKey,
  next: number,
  page: number,
): Promise<{ from: number; to: number }[]> {
  const rows = await db.all<{ from: number; to: number }>(
    sql`WITH used(s, e) AS (
        SELECT number, number FROM issued_nfes WHERE company_id = ${companyId}
          AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}
          AND number < ${next}
        UNION ALL
        SELECT number_from, number_to FROM nfe_voids WHERE company_id = ${companyId}
          AND company_invoice_id = ${key.companyInvoiceId} AND model = ${key.model} AND series = ${key.series}
          AND status = ${EVENT_STATUS.registered} AND number_from < ${next}
        UNION ALL SELECT 0, 0
        UNION ALL SELECT ${next}, ${next}
      ),
      ordered AS (
        SELECT s, max(e) OVER (ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
        FROM used
      )
      SELECT before + 1 AS "from", s - 1 AS "to" FROM ordered
      WHERE before IS NOT NULL AND s > before + 1
      ORDER BY s LIMIT ${PAGE_SIZE} OFFSET ${page * PAGE_SIZE}`,
  );
  return rows.map((row) => ({ from: Number(row.from), to: Number(row.to) }));
}
