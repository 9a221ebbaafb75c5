import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { nfeDocuments, nfeEvents, sefazDocuments, suppliers } from "../../drizzle/schema";
import type { Db } from "../env";
import type { NewSefazDocument } from "./sefaz-integrations";
import { type Statement, utcNow } from "./sql";

/**
 * What the distribution does after its answers: the feed lines of summaries, the documents asked
 * again (consNSU for a gap, consChNFe for a summary whose full NF-e has not come) and the automatic
 * awareness (210210) of new summaries.
 */

/**
 * A document stored once per integration and NSU; a `Gap` row is replaced when its NSU arrives (by
 * consNSU or a later distNSU), any other row is left as it is (a repeated NSU changes nothing).
 */
export function documentStatement(db: Db, document: NewSefazDocument): Statement {
  const from = (column: string) => sql.raw(`excluded.${column}`);
  return db
    .insert(sefazDocuments)
    .values(document)
    .onConflictDoUpdate({
      target: [sefazDocuments.companyIntegrationId, sefazDocuments.nsu],
      set: {
        schema: from("schema"),
        kind: from("kind"),
        status: from("status"),
        reason: from("reason"),
        chNfe: from("ch_nfe"),
        issuerDocument: from("issuer_document"),
        issuerName: from("issuer_name"),
        issuedAt: from("issued_at"),
        totalValue: from("total_value"),
        situation: from("situation"),
        xml: from("xml"),
        nfeJobId: from("nfe_job_id"),
        awareness: from("awareness"),
      },
      setWhere: sql`${sefazDocuments.status} = 'Gap' AND excluded.status <> 'Gap'`,
    });
}

/** The feed line of a summary, as the pure rule builds it (domain/sefaz/summary-line). */
export type SummaryLine = {
  companyId: number;
  chNfe: string;
  series: number;
  number: number;
  issuedAt: string;
  issueDate: string;
  environment: number;
  issuerDocument: string;
  issuerName: string;
  issuerIe: string | null;
  recipientDocument: string;
  totalValue: number;
  protocolNumber: string | null;
  situation: number | null;
};

/**
 * The summary's line of `GET /purchase/feed` (`nfe_documents.summary = 1`, no items), unless the
 * company already has that key (its full NF-e, or the line of the same summary under another NSU).
 * Its supplier is the company's active one with the issuer's document, 0 while there is none: the
 * full NF-e's import finds or creates it and fills the same row.
 */
export function summaryLineStatement(db: Db, line: SummaryLine): Statement {
  const supplier = sql`COALESCE((SELECT id FROM ${suppliers} WHERE company_id = ${line.companyId} AND status = 1
    AND replace(replace(replace(replace(document, '.', ''), '/', ''), '-', ''), ' ', '') = ${line.issuerDocument}
    ORDER BY id LIMIT 1), 0)`;
  return db
    .insert(nfeDocuments)
    .values({ ...line, itemCount: 0, supplierId: supplier, summary: 1 })
    .onConflictDoNothing();
}

export type AwarenessState = "Pending" | "Sent" | "Refused";

/** Summaries of the integration waiting for their automatic awareness, oldest NSU first. */
export async function pendingAwareness(
  db: Db,
  companyId: number,
  integrationId: number,
  limit: number,
): Promise<{ id: number; chNfe: string }[]> {
  const rows = await db
    .select({ id: sefazDocuments.id, chNfe: sefazDocuments.chNfe })
    .from(sefazDocuments)
    .where(
      and(
        eq(sefazDocuments.companyId, companyId),
        eq(sefazDocuments.companyIntegrationId, integrationId),
        eq(sefazDocuments.awareness, "Pending"),
      ),
    )
    .orderBy(asc(sefazDocuments.nsu))
    .limit(limit);
  return rows.filter((row): row is { id: number; chNfe: string } => row.chNfe !== null);
}

/** The integration's summaries by awareness state. */
export async function awarenessCounts(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<{ sent: number; refused: number; pending: number }> {
  const row = await db
    .select({
      sent: sql<number>`count(CASE WHEN ${sefazDocuments.awareness} = 'Sent' THEN 1 END)`,
      refused: sql<number>`count(CASE WHEN ${sefazDocuments.awareness} = 'Refused' THEN 1 END)`,
      pending: sql<number>`count(CASE WHEN ${sefazDocuments.awareness} = 'Pending' THEN 1 END)`,
    })
    .from(sefazDocuments)
    .where(
      and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.companyIntegrationId, integrationId)),
    )
    .get();
  return { sent: row?.sent ?? 0, refused: row?.refused ?? 0, pending: row?.pending ?? 0 };
}

export function awarenessStatement(
  db: Db,
  companyId: number,
  documentId: number,
  state: AwarenessState,
  reason: string | null,
): Statement {
  return db
    .update(sefazDocuments)
    .set({ awareness: state, awarenessReason: reason })
    .where(and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.id, documentId)));
}

/** The feed line of this key (a summary's or the full NF-e's). */
export async function feedLineByKey(
  db: Db,
  companyId: number,
  key: string,
): Promise<{ id: number; summary: number; recipientDocument: string } | undefined> {
  return db
    .select({
      id: nfeDocuments.id,
      summary: nfeDocuments.summary,
      recipientDocument: nfeDocuments.recipientDocument,
    })
    .from(nfeDocuments)
    .where(and(eq(nfeDocuments.companyId, companyId), eq(nfeDocuments.chNfe, key)))
    .get();
}

/** Gaps of the integration to ask by consNSU: asked fewer than `maxRequests` times, not since `askedBefore`. */
export async function gapsToAsk(
  db: Db,
  companyId: number,
  integrationId: number,
  filter: { askedBefore: string; maxRequests: number; limit: number },
): Promise<{ id: number; nsu: string; requests: number }[]> {
  return (
    db
      .select({ id: sefazDocuments.id, nsu: sefazDocuments.nsu, requests: sefazDocuments.requests })
      .from(sefazDocuments)
      .where(
        and(
          eq(sefazDocuments.companyId, companyId),
          eq(sefazDocuments.companyIntegrationId, integrationId),
          eq(sefazDocuments.status, "Gap"),
          lt(sefazDocuments.requests, filter.maxRequests),
          sql`(${sefazDocuments.requestedAt} IS NULL OR ${sefazDocuments.requestedAt} <= ${filter.askedBefore})`,
        ),
      )
      // the longest waiting first: never asked (NULL sorts first), then asked longest ago, by NSU
      .orderBy(asc(sefazDocuments.requestedAt), asc(sefazDocuments.nsu))
      .limit(filter.limit)
  );
}

/**
 * consNSU and consChNFe calls made for the integration since `since` (each call stamps its document's
 * `requested_at`, and a document is asked at most once an hour): all of them, and those by key (a
 * summary's row; a gap filled by a summary within the hour is counted there too).
 */
export async function followUpsSince(
  db: Db,
  companyId: number,
  integrationId: number,
  since: string,
): Promise<{ total: number; byKey: number }> {
  const row = await db
    .select({
      total: sql<number>`count(*)`,
      byKey: sql<number>`count(CASE WHEN ${sefazDocuments.kind} = 'resNFe' THEN 1 END)`,
    })
    .from(sefazDocuments)
    .where(
      and(
        eq(sefazDocuments.companyId, companyId),
        eq(sefazDocuments.companyIntegrationId, integrationId),
        sql`${sefazDocuments.requestedAt} > ${since}`,
      ),
    )
    .get();
  return { total: row?.total ?? 0, byKey: row?.byKey ?? 0 };
}

/**
 * An authorized summary whose feed line still waits for its full NF-e, which no distribution has
 * brought yet (a procNFe stored and waiting for its import is on its way).
 */
// table names written out: inside a select's columns drizzle leaves the outer column unqualified
const awaitingFull = sql`sefaz_documents.status = 'Summary' AND sefaz_documents.situation = 1
  AND EXISTS (SELECT 1 FROM nfe_documents n WHERE n.company_id = sefaz_documents.company_id
    AND n.ch_nfe = sefaz_documents.ch_nfe AND n.summary = 1)
  AND NOT EXISTS (SELECT 1 FROM sefaz_documents f WHERE f.company_id = sefaz_documents.company_id
    AND f.ch_nfe = sefaz_documents.ch_nfe AND f.kind = 'procNFe' AND f.status IN ('Queued', 'Imported'))`;

/** The registered awareness or confirmation of the summary's line (SEFAZ then releases the full XML). */
const manifested = sql`EXISTS (SELECT 1 FROM nfe_documents n JOIN nfe_events e ON e.nfe_id = n.id
  WHERE n.company_id = sefaz_documents.company_id AND n.ch_nfe = sefaz_documents.ch_nfe
  AND e.protocol IS NOT NULL AND e.event IN (210200, 210210))`;

/**
 * Summaries of the integration to ask by consChNFe: authorized, still without their full NF-e,
 * manifested (210200/210210 registered) or stored before `storedBefore`, asked fewer than
 * `maxRequests` times and not since `askedBefore`; one per key.
 */
export async function summariesToAsk(
  db: Db,
  companyId: number,
  integrationId: number,
  filter: { askedBefore: string; storedBefore: string; maxRequests: number; limit: number },
): Promise<{ id: number; chNfe: string; requests: number }[]> {
  const rows = await db
    .select({
      id: sql<number>`min(${sefazDocuments.id})`,
      chNfe: sefazDocuments.chNfe,
      requests: sql<number>`max(${sefazDocuments.requests})`,
    })
    .from(sefazDocuments)
    .where(
      and(
        eq(sefazDocuments.companyId, companyId),
        eq(sefazDocuments.companyIntegrationId, integrationId),
        awaitingFull,
        sql`(${manifested} OR ${sefazDocuments.createdAt} <= ${filter.storedBefore})`,
      ),
    )
    .groupBy(sefazDocuments.chNfe)
    // the key's rows together (a summary repeated under another NSU is asked once, counted once)
    .having(
      sql`max(${sefazDocuments.requests}) < ${filter.maxRequests}
        AND (max(${sefazDocuments.requestedAt}) IS NULL OR max(${sefazDocuments.requestedAt}) <= ${filter.askedBefore})`,
    )
    // manifested first (SEFAZ has released their full XML), then the longest waiting, oldest NSU
    .orderBy(
      desc(sql`max(CASE WHEN ${manifested} THEN 1 ELSE 0 END)`),
      asc(sql`max(${sefazDocuments.requestedAt})`),
      asc(sql`min(${sefazDocuments.nsu})`),
    )
    .limit(filter.limit);
  return rows.filter((row): row is { id: number; chNfe: string; requests: number } => row.chNfe !== null);
}

/** One more consNSU/consChNFe asked for the document, and what it answered. */
export function requestedStatement(db: Db, companyId: number, documentId: number, reason: string): Statement {
  return db
    .update(sefazDocuments)
    .set({ requests: sql`${sefazDocuments.requests} + 1`, requestedAt: utcNow, reason })
    .where(and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.id, documentId)));
}

/** What the integration still misses: gaps not filled, authorized summaries without their full NF-e. */
export async function missingDocuments(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<{ nsu: number; fullNfe: number }> {
  const row = await db
    .select({
      nsu: sql<number>`count(CASE WHEN ${sefazDocuments.status} = 'Gap' THEN 1 END)`,
      fullNfe: sql<number>`count(DISTINCT CASE WHEN ${awaitingFull} THEN ${sefazDocuments.chNfe} END)`,
    })
    .from(sefazDocuments)
    .where(
      and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.companyIntegrationId, integrationId)),
    )
    .get();
  return { nsu: row?.nsu ?? 0, fullNfe: row?.fullNfe ?? 0 };
}

/**
 * The registered awareness on the feed line, as the manifest route records an event (its
 * protocol); one registered event of a kind per document (index), so a repeat writes nothing.
 */
export function registeredEventStatement(
  db: Db,
  event: {
    companyId: number;
    nfeId: number;
    event: number;
    cStat: number;
    xMotivo: string;
    protocol: string;
    registeredAt: string | null;
  },
): Statement {
  return db
    .insert(nfeEvents)
    .values({ ...event, comments: null, userId: null })
    .onConflictDoNothing();
}

/** The integration whose distribution brought a document of this key (the latest), if any. */
export async function integrationOfKey(db: Db, companyId: number, key: string): Promise<number | null> {
  const row = await db
    .select({ id: sefazDocuments.companyIntegrationId })
    .from(sefazDocuments)
    .where(and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.chNfe, key)))
    .orderBy(desc(sefazDocuments.id))
    .get();
  return row?.id ?? null;
}
