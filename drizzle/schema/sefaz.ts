import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, updatedAt } from "./columns";

/**
 * The SEFAZ side of a company integration of kind `SEFAZ` (a row of `company_integrations`): the
 * CNPJ whose NF-e the national distribution service (NFeDistribuicaoDFe) delivers, its state and
 * the distribution cursor (`ultNSU`). The certificate, its sealed key and its mTLS binding are the
 * CNPJ's row of the certificate store (`company_certificates`, drizzle/schema/certificates.ts).
 */
export const sefazIntegrations = sqliteTable(
  "sefaz_integrations",
  {
    companyIntegrationId: integer().primaryKey(),
    companyId: companyId(),
    /** CNPJ (14 digits) of the company or of one of its invoicing companies. */
    cnpj: text().notNull(),
    /** `cUFAutor`: IBGE code of the state (2 digits). */
    uf: text().notNull(),
    /** The service's address; null = the national environment's (by the company's SefazAmbienteNF). */
    baseUrl: text(),
    /** `Ok` | `NotConfigured` | `CertificateExpired` | `ConsumptionRefused` | `Unavailable` | `Fault` | `InvalidAnswer` | `Timeout` | `Refused` */
    state: text().notNull().default("NotConfigured"),
    stateReason: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` before which the scheduled distribution waits; null = now. */
    retryAfter: text(),
    failures: integer().notNull().default(0),
    /**
     * UTC `YYYY-MM-DD HH:MM:SS` before which `distNSU` is never called: an hour after 137,
     * `ultNSU == maxNSU` or 656 (NT 2014.002: sooner is consumo indevido, 656 and an hour's block of
     * the CNPJ). Kept when the settings change (the block is SEFAZ's, on the CNPJ); null = now.
     */
    nextDistributionAt: text(),
    /** `ultNSU` of the last answer whose documents are all stored (15 digits). */
    ultNsu: text().notNull().default("000000000000000"),
    maxNsu: text(),
    lastSyncAt: text(),
    /** 1: each new summary (resNFe) gets an automatic awareness (210210) through the queue. */
    autoAwareness: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sefaz_integrations_company").on(t.companyId)],
);

/**
 * A document delivered by the distribution service, one per integration and NSU: a summary
 * (`resNFe`), a full NF-e (`procNFe`, imported as an uploaded XML), an event, or what could not be
 * read, with its reason.
 */
export const sefazDocuments = sqliteTable(
  "sefaz_documents",
  {
    id: id(),
    companyId: companyId(),
    companyIntegrationId: integer().notNull(),
    nsu: text().notNull(),
    /** The `schema` attribute of its docZip. */
    schema: text().notNull(),
    /** `resNFe` | `procNFe` | `resEvento` | `procEventoNFe` | `other` */
    kind: text().notNull(),
    /** `Summary` | `Queued` (procNFe waiting for its import job) | `Imported` (job created) | `Stored` (events) | `Invalid` | `Refused` (inflates past 1 MiB: XML not kept) */
    status: text().notNull(),
    reason: text(),
    chNfe: text(),
    issuerDocument: text(),
    issuerName: text(),
    issuedAt: text(),
    totalValue: cents(),
    /** `cSitNFe` of a summary: 1 authorized, 2 denied, 3 cancelled. */
    situation: integer(),
    /** The decoded XML (null when the docZip could not be decoded). */
    xml: text(),
    /** The `NFeXML` job importing a procNFe. */
    nfeJobId: integer(),
    /**
     * A summary's automatic awareness (210210): null not asked, `Pending` waiting for its job,
     * `Sent` registered (or already known to SEFAZ: 573/655), `Refused` with its reason.
     */
    awareness: text(),
    awarenessReason: text(),
    /**
     * consNSU (a `Gap`) or consChNFe (a `Summary` whose full NF-e has not come) asked: how many
     * times, and when last (UTC); the next ask waits (domain/sefaz/gaps.ts).
     */
    requests: integer().notNull().default(0),
    requestedAt: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sefaz_documents_nsu").on(t.companyIntegrationId, t.nsu),
    index("sefaz_documents_company_key").on(t.companyId, t.chNfe),
    index("sefaz_documents_company_status").on(t.companyId, t.status),
  ],
);
