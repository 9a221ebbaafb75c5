import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id } from "./columns";

/**
 * NF-e documents received by a company (imported from XML), their items, the supplier-code "de/para"
 * learnt from them, and the recipient's manifest events. The access key (chNFe) is unique per
 * company: the same NF-e imported twice, even by two jobs at once, is refused by the index.
 */
export const nfeDocuments = sqliteTable(
  "nfe_documents",
  {
    id: id(),
    companyId: companyId(),
    chNfe: text().notNull(),
    series: integer().notNull(),
    number: integer().notNull(),
    /** `dhEmi` as the issuer wrote it (with its offset) and its date. */
    issuedAt: text().notNull(),
    issueDate: text().notNull(),
    nature: text().notNull().default(""),
    /** tpAmb: 1 production, 2 homologation. */
    environment: integer().notNull().default(1),
    issuerDocument: text().notNull(),
    issuerName: text().notNull(),
    issuerIe: text(),
    recipientDocument: text().notNull(),
    productsValue: cents(),
    icmsValue: cents(),
    ipiValue: cents(),
    /** vNF. */
    totalValue: cents(),
    /** JSON: the `cobr/dup` installments `[{number, dueDate, value}]` and `pag/detPag` `[{indicator, type, value}]`. */
    installments: text().notNull().default("[]"),
    payments: text().notNull().default("[]"),
    protocolNumber: text(),
    itemCount: integer().notNull(),
    /** Items without a SKU after matching (reported as the import job's line errors). */
    unmatchedItems: integer().notNull().default(0),
    supplierId: integer().notNull(),
    purchaseId: integer(),
    jobId: integer(),
    /**
     * 1: a line of the feed made from a distributed summary (resNFe) whose full NF-e has not come
     * yet (no items, no duplicatas); the full document's import fills the same row (same id).
     */
    summary: integer().notNull().default(0),
    /** cSitNFe of the summary: 1 authorized, 2 denied, 3 cancelled; null for a full document. */
    situation: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("nfe_documents_company_key").on(t.companyId, t.chNfe),
    index("nfe_documents_company_date").on(t.companyId, t.issueDate, t.id),
    index("nfe_documents_company_number").on(t.companyId, t.number),
    index("nfe_documents_supplier").on(t.supplierId),
  ],
);

export const nfeItems = sqliteTable(
  "nfe_items",
  {
    id: id(),
    companyId: companyId(),
    nfeId: integer().notNull(),
    /** nItem. */
    itemNumber: integer().notNull(),
    supplierCode: text().notNull(),
    ean: text(),
    eanTrib: text(),
    description: text().notNull(),
    ncm: text().notNull(),
    cfop: text().notNull(),
    unit: text().notNull(),
    /** qCom as written and in thousandths (the ledger's unit). */
    quantityText: text().notNull(),
    quantity: integer().notNull(),
    unitValueText: text().notNull(),
    totalValue: cents(),
    icmsValue: cents(),
    icmsStValue: cents(),
    ipiValue: cents(),
    pisValue: cents(),
    cofinsValue: cents(),
    ibsValue: cents(),
    cbsValue: cents(),
    /** The SKU matched, null when none (the item is kept and reported). */
    skuId: integer(),
    /** `supplier-code` | `ean` | null */
    matchedBy: text(),
  },
  (t) => [
    uniqueIndex("nfe_items_document_number").on(t.nfeId, t.itemNumber),
    index("nfe_items_sku").on(t.skuId),
  ],
);

/** The supplier's code (cProd) of a SKU, learnt from NF-e items matched by EAN. */
export const supplierSkuCodes = sqliteTable(
  "supplier_sku_codes",
  {
    companyId: companyId(),
    supplierId: integer().notNull(),
    supplierCode: text().notNull(),
    skuId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.supplierId, t.supplierCode] })],
);

/**
 * Manifest events of the recipient (210200 confirmation, 210210 awareness, 210220 unknown, 210240
 * operation not performed), each attempt with SEFAZ's answer. Registered events (with a protocol)
 * are unique per document and event, and a document has at most one registered conclusive event:
 * two requests at once cannot both register.
 */
export const nfeEvents = sqliteTable(
  "nfe_events",
  {
    id: id(),
    companyId: companyId(),
    nfeId: integer().notNull(),
    event: integer().notNull(),
    comments: text(),
    cStat: integer().notNull(),
    xMotivo: text().notNull(),
    /** nProt when SEFAZ registered the event; null on a rejection. */
    protocol: text(),
    registeredAt: text(),
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("nfe_events_document").on(t.nfeId, t.id),
    uniqueIndex("nfe_events_registered_once").on(t.nfeId, t.event).where(sql`${t.protocol} IS NOT NULL`),
    uniqueIndex("nfe_events_one_conclusive")
      .on(t.nfeId)
      .where(sql`${t.protocol} IS NOT NULL AND ${t.event} IN (210200, 210220, 210240)`),
    check("nfe_events_event", sql`${t.event} IN (210200, 210210, 210220, 210240)`),
  ],
);

/**
 * The SEFAZ sandbox's own memory of the events it registered (the real service keeps its own): it
 * answers a repeated or out-of-order event from here, not from the company's tables.
 */
export const sefazSandboxEvents = sqliteTable(
  "sefaz_sandbox_events",
  {
    /** Also the sequence of the protocol numbers it hands out. */
    id: id(),
    chNfe: text().notNull(),
    authorDocument: text().notNull(),
    event: integer().notNull(),
    registeredAt: text().notNull(),
  },
  (t) => [
    uniqueIndex("sefaz_sandbox_events_once").on(t.chNfe, t.authorDocument, t.event),
    uniqueIndex("sefaz_sandbox_events_one_conclusive")
      .on(t.chNfe, t.authorDocument)
      .where(sql`${t.event} IN (210200, 210220, 210240)`),
  ],
);
