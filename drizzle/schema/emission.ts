import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, updatedAt } from "./columns";

/**
 * A fiscal document this service issues (NF-e model 55; NFC-e model 65) for an order, one row per
 * number: its key, state and SEFAZ's answer. The signed XML (stored before the first send) and the
 * legal document (`nfeProc`) live in R2 under the keys kept here.
 *
 * - A number is never given twice in a series of an invoicing company (`issued_nfes_number`).
 * - An order has at most one note that is not `Denied` (`issued_nfes_order`): a rejected note is
 *   retried on its own row and number; a denied number stays used and the order is not invoiced.
 */
export const issuedNfes = sqliteTable(
  "issued_nfes",
  {
    id: id(),
    companyId: companyId(),
    companyInvoiceId: integer().notNull(),
    orderId: integer().notNull(),
    /** 55 NF-e, 65 NFC-e. */
    model: integer().notNull(),
    series: integer().notNull(),
    number: integer().notNull(),
    /** `tpAmb`: 1 production, 2 homologation. */
    environment: integer().notNull(),
    /** `tpEmis`: 1 normal, 6 SVC-AN, 7 SVC-RS, 9 NFC-e offline. */
    emissionType: integer().notNull().default(sql`1`),
    /** `cNF`: 8 digits drawn once for the note and kept across its retries. */
    cnf: text().notNull(),
    /** chNFe (44 digits) of the XML last signed. */
    accessKey: text().notNull(),
    /** `Processing` | `Pending` | `Authorized` | `Rejected` | `Denied` | `Cancelled` */
    status: text().notNull(),
    /** SEFAZ's last answer, verbatim (or why there was none, with cStat null). */
    cStat: integer(),
    xMotivo: text(),
    /** nProt and dhRecbto of the authorization. */
    protocol: text(),
    authorizedAt: text(),
    /** dhEmi as written in the XML (`YYYY-MM-DDTHH:MM:SS-03:00`). */
    issuedAt: text().notNull(),
    /** vNF in cents. */
    total: cents(),
    recipientDocument: text(),
    recipientName: text(),
    /** R2 key of the signed NF-e (written before the first send) and of the `nfeProc`. */
    xmlKey: text(),
    procKey: text(),
    /** 1 once the XML was sent to SEFAZ at least once: its number then reached SEFAZ. */
    sent: integer().notNull().default(sql`0`),
    attempts: integer().notNull().default(sql`0`),
    /**
     * NFC-e offline (tpEmis 9): 1 when the online note of the same number is known never to have been
     * authorized (its send was answered 108/109, service stopped: not processed); its transmission
     * then sends the offline XML without consulting the online key first.
     */
    onlineSettled: integer().notNull().default(sql`0`),
    /** UTC `YYYY-MM-DD HH:MM:SS` before which the job does not send again (656, 108/109). */
    retryAt: text(),
    /** The job (`NFeEmission`) that issues it. */
    jobId: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("issued_nfes_number").on(t.companyInvoiceId, t.model, t.series, t.number),
    uniqueIndex("issued_nfes_order").on(t.orderId).where(sql`status <> 'Denied'`),
    uniqueIndex("issued_nfes_key").on(t.accessKey),
    index("issued_nfes_company").on(t.companyId, t.id),
    index("issued_nfes_job").on(t.jobId),
  ],
);

/**
 * An event of an issued note: cancellation (110111) or correction letter (CC-e, 110110), with its
 * sequence (`nSeqEvento`), text, SEFAZ's answer and the R2 key of its `procEventoNFe`.
 */
export const issuedNfeEvents = sqliteTable(
  "issued_nfe_events",
  {
    id: id(),
    companyId: companyId(),
    nfeId: integer().notNull(),
    /** `tpEvento`: 110111 cancellation, 110110 CC-e. */
    type: integer().notNull(),
    sequence: integer().notNull(),
    /** xJust (cancellation) or xCorrecao (CC-e). */
    text: text().notNull(),
    /** `Processing` | `Registered` | `Rejected` */
    status: text().notNull(),
    cStat: integer(),
    xMotivo: text(),
    protocol: text(),
    registeredAt: text(),
    xmlKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("issued_nfe_events_sequence").on(t.nfeId, t.type, t.sequence),
    index("issued_nfe_events_company").on(t.companyId, t.nfeId),
  ],
);

/**
 * A number voiding (inutilização, NFeInutilizacao4) of a range of a series of an invoicing company,
 * with SEFAZ's answer and the R2 key of its `procInutNFe`.
 */
export const nfeVoids = sqliteTable(
  "nfe_voids",
  {
    id: id(),
    companyId: companyId(),
    companyInvoiceId: integer().notNull(),
    model: integer().notNull(),
    series: integer().notNull(),
    numberFrom: integer().notNull(),
    numberTo: integer().notNull(),
    environment: integer().notNull(),
    justification: text().notNull(),
    /** `Processing` | `Registered` | `Rejected` */
    status: text().notNull(),
    cStat: integer(),
    xMotivo: text(),
    protocol: text(),
    registeredAt: text(),
    xmlKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("nfe_voids_series").on(t.companyInvoiceId, t.model, t.series, t.numberFrom)],
);

/**
 * The last known state of each SEFAZ authorizer (by name, model and environment) as this service
 * reached it (`endpoint`: the issuer's `NFeBaseUrl`, or empty for the table's host): the status
 * service's answer (NFeStatusServico4) or a 108/109 answered to a send, or why there was no answer
 * (`cStat` null, `xMotivo` the failure). SEFAZ's state is the same for every company of the
 * account: no company column. `polledAt` is the status service's claim: a poll takes it by
 * compare-and-set when it is older than three minutes, so two jobs never poll the same authorizer
 * together.
 */
export const authorizerStatuses = sqliteTable(
  "authorizer_statuses",
  {
    id: id(),
    /** The authorizer's name in the table (SP, SVRS, SVAN, SVC-AN, SVC-RS...). */
    authorizer: text().notNull(),
    model: integer().notNull(),
    environment: integer().notNull(),
    endpoint: text().notNull().default(sql`''`),
    cStat: integer(),
    xMotivo: text(),
    /** 1 when the last answer says the service is stopped (108, 109). */
    stopped: integer().notNull().default(sql`0`),
    /** `status` (NFeStatusServico4) or `authorization` (the answer to a send). */
    source: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` of the question the answer is to. */
    askedAt: text(),
    /** UTC `YYYY-MM-DD HH:MM:SS` of the status service's last poll (its claim). */
    polledAt: text(),
  },
  (t) => [uniqueIndex("authorizer_statuses_key").on(t.authorizer, t.model, t.environment, t.endpoint)],
);
