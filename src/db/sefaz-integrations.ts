import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { companyIntegrations, sefazDocuments, sefazIntegrations } from "../../drizzle/schema";
import type { Db } from "../env";
import { insertIntegrationJobIfNone, openIntegrationJob } from "./jobs";
import { documentStatement, type SummaryLine, summaryLineStatement } from "./sefaz-followups";
import { onPage, type Statement, utcNow } from "./sql";

/** SEFAZ integrations (Kind `SEFAZ`), their distribution cursor and the documents they brought. */

export type SefazIntegrationRow = typeof sefazIntegrations.$inferSelect;
export type SefazDocumentRow = typeof sefazDocuments.$inferSelect;
export type NewSefazDocument = Omit<typeof sefazDocuments.$inferInsert, "id" | "createdAt">;

export const SEFAZ_KIND = "SEFAZ";

const activeSefazIntegration = and(
  eq(companyIntegrations.id, sefazIntegrations.companyIntegrationId),
  eq(companyIntegrations.companyId, sefazIntegrations.companyId),
  eq(companyIntegrations.kind, SEFAZ_KIND),
  eq(companyIntegrations.status, 1),
);

/** The active company integration of Kind SEFAZ with this id, with its settings (null: none yet). */
export async function findSefazIntegration(
  db: Db,
  companyId: number,
  id: number,
): Promise<{ description: string; settings: SefazIntegrationRow | null } | undefined> {
  const row = await db
    .select({ description: companyIntegrations.description, settings: sefazIntegrations })
    .from(companyIntegrations)
    .leftJoin(
      sefazIntegrations,
      and(
        eq(sefazIntegrations.companyIntegrationId, companyIntegrations.id),
        eq(sefazIntegrations.companyId, companyIntegrations.companyId),
      ),
    )
    .where(
      and(
        eq(companyIntegrations.id, id),
        eq(companyIntegrations.companyId, companyId),
        eq(companyIntegrations.kind, SEFAZ_KIND),
        eq(companyIntegrations.status, 1),
      ),
    )
    .get();
  return row ? { description: row.description, settings: row.settings } : undefined;
}

export type SefazSettingsValues = Pick<
  SefazIntegrationRow,
  "cnpj" | "uf" | "baseUrl" | "autoAwareness" | "state" | "stateReason" | "nextDistributionAt"
>;

/**
 * The write of the settings (created the first time); a change of connection clears failures and
 * the wait. A statement, to share one batch with the CNPJ's row of the certificate store.
 */
export function sefazSettingsStatement(db: Db, companyId: number, id: number, values: SefazSettingsValues) {
  return db
    .insert(sefazIntegrations)
    .values({ companyIntegrationId: id, companyId, ...values })
    .onConflictDoUpdate({
      target: sefazIntegrations.companyIntegrationId,
      set: { ...values, failures: 0, retryAfter: null, updatedAt: utcNow },
      setWhere: eq(sefazIntegrations.companyId, companyId),
    });
}

export type SyncState = {
  state: string;
  reason: string | null;
  failures: number;
  retryAfter: string | null;
  /** undefined: left as it is. */
  nextDistributionAt?: string | null;
};

const nextDistribution = (state: SyncState) =>
  state.nextDistributionAt === undefined ? {} : { nextDistributionAt: state.nextDistributionAt };

export function syncStateStatement(db: Db, companyId: number, id: number, state: SyncState): Statement {
  return db
    .update(sefazIntegrations)
    .set({
      state: state.state,
      stateReason: state.reason,
      failures: state.failures,
      retryAfter: state.retryAfter,
      ...nextDistribution(state),
      lastSyncAt: utcNow,
      updatedAt: utcNow,
    })
    .where(and(eq(sefazIntegrations.companyId, companyId), eq(sefazIntegrations.companyIntegrationId, id)));
}

export async function recordSyncState(
  db: Db,
  companyId: number,
  id: number,
  state: SyncState,
): Promise<void> {
  await syncStateStatement(db, companyId, id, state);
}

/**
 * The statements of one answer, for ONE batch: its documents (an NSU already stored is left as it
 * is, a `Gap` is filled), the feed lines of its summaries and the cursor moved from `fromNsu` to `toNsu`. When the cursor is no longer `fromNsu` (another
 * run moved it), the CASE writes NULL into the NOT NULL column and the whole batch is refused.
 */
export function storeAnswerStatements(
  db: Db,
  companyId: number,
  id: number,
  documents: NewSefazDocument[],
  cursor: { fromNsu: string; toNsu: string; maxNsu: string },
  state: SyncState,
  lines: SummaryLine[] = [],
): Statement[] {
  return [
    ...documents.map((document) => documentStatement(db, document)),
    ...lines.map((line) => summaryLineStatement(db, line)),
    db
      .update(sefazIntegrations)
      .set({
        ultNsu: sql`CASE WHEN ${sefazIntegrations.ultNsu} = ${cursor.fromNsu} THEN ${cursor.toNsu} ELSE NULL END`,
        maxNsu: cursor.maxNsu,
        state: state.state,
        stateReason: state.reason,
        failures: state.failures,
        retryAfter: state.retryAfter,
        ...nextDistribution(state),
        lastSyncAt: utcNow,
        updatedAt: utcNow,
      })
      .where(and(eq(sefazIntegrations.companyId, companyId), eq(sefazIntegrations.companyIntegrationId, id))),
  ];
}

/** Active integrations with settings whose wait is over (or has none): the cron's. */
export async function syncableIntegrations(
  db: Db,
  now: string,
): Promise<{ companyId: number; integrationId: number }[]> {
  return db
    .select({ companyId: sefazIntegrations.companyId, integrationId: sefazIntegrations.companyIntegrationId })
    .from(sefazIntegrations)
    .innerJoin(companyIntegrations, activeSefazIntegration)
    .where(
      and(
        sql`${sefazIntegrations.state} NOT IN ('NotConfigured', 'CertificateExpired')`,
        sql`(${sefazIntegrations.retryAfter} IS NULL OR ${sefazIntegrations.retryAfter} <= ${now})`,
      ),
    )
    .orderBy(sefazIntegrations.companyIntegrationId);
}

/** Full documents (procNFe) stored but whose import job is not created yet. */
export async function documentsAwaitingImport(
  db: Db,
  companyId: number,
  id: number,
): Promise<Pick<SefazDocumentRow, "id" | "nsu" | "xml" | "chNfe">[]> {
  return db
    .select({
      id: sefazDocuments.id,
      nsu: sefazDocuments.nsu,
      xml: sefazDocuments.xml,
      chNfe: sefazDocuments.chNfe,
    })
    .from(sefazDocuments)
    .where(
      and(
        eq(sefazDocuments.companyId, companyId),
        eq(sefazDocuments.companyIntegrationId, id),
        eq(sefazDocuments.status, "Queued"),
      ),
    )
    .orderBy(asc(sefazDocuments.nsu));
}

export async function markImported(
  db: Db,
  companyId: number,
  documentId: number,
  jobId: number,
): Promise<void> {
  await db
    .update(sefazDocuments)
    .set({ status: "Imported", nfeJobId: jobId })
    .where(and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.id, documentId)));
}

/** The documents of an integration by NSU, without their XML. */
export async function listSefazDocuments(
  db: Db,
  companyId: number,
  id: number,
  page: number,
  pageSize: number,
): Promise<Omit<SefazDocumentRow, "xml">[]> {
  const { xml: _xml, ...columns } = getTableColumns(sefazDocuments);
  const query = db
    .select(columns)
    .from(sefazDocuments)
    .where(and(eq(sefazDocuments.companyId, companyId), eq(sefazDocuments.companyIntegrationId, id)))
    .orderBy(asc(sefazDocuments.nsu));
  return onPage(query, page, pageSize);
}

export const SEFAZ_SYNC_ROUTE = "sefaz-sync";
export const SEFAZ_SYNC_TYPE = "SefazDistribution";

export const SEFAZ_AWARENESS_ROUTE = "sefaz-awareness";
export const SEFAZ_AWARENESS_TYPE = "SefazAwareness";

/** The integration's jobs kept one at a time: its distribution, its automatic awareness. */
export type SefazJobKind = "sync" | "awareness";
const JOB_KINDS = {
  sync: { route: SEFAZ_SYNC_ROUTE, type: SEFAZ_SYNC_TYPE },
  awareness: { route: SEFAZ_AWARENESS_ROUTE, type: SEFAZ_AWARENESS_TYPE },
} as const;

/**
 * A job of that kind for the integration, unless one is Pending or Processing (one statement
 * decides). The job has no file: the queue message names its account (JobContext.account).
 */
export const insertSefazJobIfNone = (
  db: Db,
  kind: SefazJobKind,
  companyId: number,
  integrationId: number,
  userId: number | null,
) => insertIntegrationJobIfNone(db, companyId, { ...JOB_KINDS[kind], integrationId }, userId);

/** The integration's job of that kind still Pending or Processing, if any. */
export const openSefazJob = (db: Db, kind: SefazJobKind, companyId: number, integrationId: number) =>
  openIntegrationJob(db, companyId, JOB_KINDS[kind].route, integrationId);

export const sefazJobType = (kind: SefazJobKind): (typeof JOB_KINDS)[SefazJobKind]["type"] =>
  JOB_KINDS[kind].type;

/** The company's configured SEFAZ integrations (active, with settings), oldest first. */
export async function sefazIntegrationsOfCompany(db: Db, companyId: number): Promise<SefazIntegrationRow[]> {
  return db
    .select(getTableColumns(sefazIntegrations))
    .from(sefazIntegrations)
    .innerJoin(companyIntegrations, activeSefazIntegration)
    .where(eq(sefazIntegrations.companyId, companyId))
    .orderBy(asc(sefazIntegrations.companyIntegrationId));
}
