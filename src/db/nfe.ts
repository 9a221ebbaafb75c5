import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import {
  companies,
  companyInvoices,
  nfeDocuments,
  nfeEvents,
  nfeItems,
  products,
  purchases,
  supplierSkuCodes,
  suppliers,
  warehouses,
} from "../../drizzle/schema";
import type { NfeDocument, NfeInstallment } from "../domain/nfe/types";
import type { Db } from "../env";
import { normaliseDocument } from "../lib/document-number";
import { rawStatement } from "./raw-statement";
import { eqIf, gteIf, inList, lteIf, onPage, type Statement } from "./sql";

/** NF-e documents, their items, the supplier-code de/para and the manifest events of a company. */

export type NfeRow = typeof nfeDocuments.$inferSelect;
export type NfeEventRow = typeof nfeEvents.$inferSelect;

/** A stored document without punctuation, upper case: the form `normaliseDocument` gives. */
const documentOf = (column: typeof suppliers.document) =>
  sql`upper(replace(replace(replace(replace(${column}, '.', ''), '/', ''), '-', ''), ' ', ''))`;

/** CNPJs (stored form: no punctuation, upper case) of the company and of its active invoicing companies: the recipients it answers for. */
export async function companyDocuments(db: Db, companyId: number): Promise<string[]> {
  const [company, invoices] = await db.batch([
    db.select({ document: companies.document }).from(companies).where(eq(companies.id, companyId)),
    db
      .select({ document: companyInvoices.document })
      .from(companyInvoices)
      .where(and(eq(companyInvoices.companyId, companyId), eq(companyInvoices.status, 1))),
  ]);
  return [...company, ...invoices]
    .map((row) => normaliseDocument(row.document ?? ""))
    .filter((document) => document !== "");
}

export async function findNfeByKey(db: Db, companyId: number, key: string): Promise<NfeRow | undefined> {
  return db
    .select()
    .from(nfeDocuments)
    .where(and(eq(nfeDocuments.companyId, companyId), eq(nfeDocuments.chNfe, key)))
    .get();
}

/**
 * The active supplier of the company with this CNPJ/CPF (stored form; the supplier's document stored
 * with or without punctuation, in any case), lowest id first.
 */
export async function supplierByDocument(
  db: Db,
  companyId: number,
  document: string,
): Promise<{ id: number } | undefined> {
  return db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.companyId, companyId),
        eq(suppliers.status, 1),
        sql`${documentOf(suppliers.document)} = ${document}`,
      ),
    )
    .orderBy(asc(suppliers.id))
    .get();
}

/** SKUs learnt for the supplier's codes (active SKUs only). */
export async function skusBySupplierCodes(
  db: Db,
  companyId: number,
  supplierId: number,
  codes: string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: supplierSkuCodes.supplierCode, skuId: supplierSkuCodes.skuId })
    .from(supplierSkuCodes)
    .innerJoin(products, and(eq(products.id, supplierSkuCodes.skuId), eq(products.status, 1)))
    .where(
      and(
        eq(supplierSkuCodes.companyId, companyId),
        eq(supplierSkuCodes.supplierId, supplierId),
        inList(supplierSkuCodes.supplierCode, codes),
      ),
    );
  return new Map(rows.map((row) => [row.code, row.skuId]));
}

/** Active SKUs by EAN; where two SKUs share an EAN the older one is taken. */
export async function skusByEans(db: Db, companyId: number, eans: string[]): Promise<Map<string, number>> {
  if (eans.length === 0) return new Map();
  const rows = await db
    .select({ ean: products.ean, skuId: sql<number>`min(${products.id})` })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.status, 1), inList(products.ean, eans)))
    .groupBy(products.ean);
  return new Map(rows.map((row) => [row.ean!, row.skuId]));
}

export type MatchedItem = NfeDocument["items"][number] & {
  skuId: number | null;
  matchedBy: "supplier-code" | "ean" | null;
};

export type StoredNfe = {
  document: NfeDocument;
  items: MatchedItem[];
  /** A supplier found by CNPJ, or one to create from the issuer. */
  supplier: { id: number } | { create: { name: string; document: string } };
  jobId: number | null;
};

/** The id of the company's supplier with this exact document, for statements of the same batch. */
const supplierIdByDocument = (companyId: number, document: string) =>
  sql`(SELECT id FROM ${suppliers} WHERE company_id = ${companyId} AND document = ${document} AND status = 1 ORDER BY id LIMIT 1)`;

/** The id of the NF-e of this key, for statements of the same batch that wrote it. */
export const nfeIdByKey = (companyId: number, key: string) =>
  sql`(SELECT id FROM ${nfeDocuments} WHERE company_id = ${companyId} AND ch_nfe = ${key})`;

/**
 * Statements that store one NF-e: the supplier when new, the document, every item (matched or not)
 * and the supplier codes learnt by EAN. All for one `db.batch`; the UNIQUE (company, chNFe) index
 * refuses the document (and so the whole batch) when the key is already there.
 */
export function storeNfeStatements(db: Db, companyId: number, stored: StoredNfe): Statement[] {
  const { document, items } = stored;
  const statements: Statement[] = [];
  let supplierId: number | SQL;
  if ("create" in stored.supplier) {
    const { name, document: supplierDocument } = stored.supplier.create;
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO ${suppliers} (company_id, name, document)
            SELECT ${companyId}, ${name}, ${supplierDocument}
            WHERE NOT EXISTS (SELECT 1 FROM ${suppliers} WHERE company_id = ${companyId} AND document = ${supplierDocument} AND status = 1)`,
      ),
    );
    supplierId = supplierIdByDocument(companyId, supplierDocument);
  } else {
    supplierId = stored.supplier.id;
  }
  const values = {
    companyId,
    chNfe: document.accessKey,
    series: document.series,
    number: document.number,
    issuedAt: document.issuedAt,
    issueDate: document.issueDate,
    nature: document.nature,
    environment: Number(document.environment) || 1,
    issuerDocument: document.issuer.document,
    issuerName: document.issuer.name,
    issuerIe: document.issuer.stateRegistration,
    recipientDocument: document.recipient.document,
    productsValue: document.totals.products,
    icmsValue: document.totals.icms,
    ipiValue: document.totals.ipi,
    totalValue: document.totals.total,
    installments: JSON.stringify(document.installments),
    payments: JSON.stringify(document.payments),
    protocolNumber: document.protocol?.number ?? null,
    itemCount: items.length,
    unmatchedItems: items.filter((item) => item.skuId === null).length,
    supplierId,
    jobId: stored.jobId,
    summary: 0,
    situation: null,
  };
  const { companyId: _company, chNfe: _key, ...full } = values;
  statements.push(
    // a distributed summary's line of the same key becomes this document (same id, its events kept)
    db
      .insert(nfeDocuments)
      .values(values)
      .onConflictDoUpdate({
        target: [nfeDocuments.companyId, nfeDocuments.chNfe],
        set: full,
        setWhere: sql`${nfeDocuments.summary} = 1`,
      }),
    // any other document of the key (another job's) refuses the whole batch, as the UNIQUE index
    // did before summaries: its chNFe is set to NULL in a NOT NULL column
    rawStatement(
      db,
      sql`UPDATE ${nfeDocuments} SET ch_nfe = CASE WHEN job_id IS ${stored.jobId} THEN ch_nfe ELSE NULL END
          WHERE company_id = ${companyId} AND ch_nfe = ${document.accessKey}`,
    ),
  );
  // every item in one statement: the rows travel as one JSON parameter (D1 binds at most 100)
  const rows = items.map((item) => [
    item.number,
    item.supplierCode,
    item.ean,
    item.eanTrib,
    item.description,
    item.ncm,
    item.cfop,
    item.unit,
    item.quantityText,
    item.quantity,
    item.unitValueText,
    item.total,
    item.taxes.icms,
    item.taxes.icmsSt,
    item.taxes.ipi,
    item.taxes.pis,
    item.taxes.cofins,
    item.taxes.ibs,
    item.taxes.cbs,
    item.skuId,
    item.matchedBy,
  ]);
  const column = (index: number) => sql.raw(`j.value ->> '$[${index}]'`);
  statements.push(
    rawStatement(
      db,
      sql`INSERT INTO ${nfeItems} (company_id, nfe_id, item_number, supplier_code, ean, ean_trib, description, ncm,
            cfop, unit, quantity_text, quantity, unit_value_text, total_value, icms_value, icms_st_value, ipi_value,
            pis_value, cofins_value, ibs_value, cbs_value, sku_id, matched_by)
          SELECT ${companyId}, ${nfeIdByKey(companyId, document.accessKey)}, ${sql.join(
            rows[0]!.map((_, index) => column(index)),
            sql`, `,
          )}
          FROM json_each(${JSON.stringify(rows)}) AS j`,
    ),
  );
  const learnt = new Map(
    items.filter((item) => item.matchedBy === "ean").map((item) => [item.supplierCode, item.skuId!]),
  );
  if (learnt.size > 0) {
    const pairs = JSON.stringify([...learnt]);
    statements.push(
      rawStatement(
        db,
        sql`INSERT OR IGNORE INTO ${supplierSkuCodes} (company_id, supplier_id, supplier_code, sku_id)
            SELECT ${companyId}, ${supplierId}, j.value ->> '$[0]', j.value ->> '$[1]' FROM json_each(${pairs}) AS j`,
      ),
    );
  }
  return statements;
}

export async function findNfe(db: Db, companyId: number, id: number): Promise<NfeRow | undefined> {
  return db
    .select()
    .from(nfeDocuments)
    .where(and(eq(nfeDocuments.companyId, companyId), eq(nfeDocuments.id, id)))
    .get();
}

export type FeedFilters = {
  page: number;
  pageSize: number;
  id?: number;
  accessKey?: string;
  issuerDocument?: string;
  supplierId?: number;
  jobId?: number;
  dateFrom?: string;
  dateTo?: string;
  /** The last registered event; 0: none yet. */
  manifestEvent?: number;
  /** 1: only summaries waiting for their full NF-e; 0: only full documents. */
  summary?: number;
};

/** The last registered manifest event of the document (null when none). */
// table names written out: inside a select's columns drizzle leaves the outer column unqualified
const lastRegisteredEvent = sql<number | null>`(SELECT e.event FROM nfe_events e
  WHERE e.nfe_id = nfe_documents.id AND e.protocol IS NOT NULL ORDER BY e.id DESC LIMIT 1)`;

export type FeedRow = NfeRow & { manifestEvent: number | null };

/**
 * Documents of the feed, newest issue first: full NF-e and the lines of distributed summaries
 * (`summary` 1) whose full NF-e has not come (it then fills the same row).
 */
export async function listFeed(db: Db, companyId: number, filters: FeedFilters): Promise<FeedRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(nfeDocuments.companyId, companyId),
    eqIf(nfeDocuments.id, filters.id),
    eqIf(nfeDocuments.chNfe, filters.accessKey),
    eqIf(nfeDocuments.issuerDocument, filters.issuerDocument),
    eqIf(nfeDocuments.supplierId, filters.supplierId),
    eqIf(nfeDocuments.jobId, filters.jobId),
    eqIf(nfeDocuments.summary, filters.summary),
    gteIf(nfeDocuments.issueDate, filters.dateFrom),
    lteIf(nfeDocuments.issueDate, filters.dateTo),
  ];
  if (filters.manifestEvent !== undefined)
    conditions.push(
      filters.manifestEvent === 0
        ? sql`${lastRegisteredEvent} IS NULL`
        : sql`${lastRegisteredEvent} = ${filters.manifestEvent}`,
    );
  return onPage(
    db
      .select({ ...getTableColumns(nfeDocuments), manifestEvent: lastRegisteredEvent })
      .from(nfeDocuments)
      .where(and(...conditions))
      .orderBy(desc(nfeDocuments.issueDate), desc(nfeDocuments.id)),
    filters.page,
    filters.pageSize,
  );
}

/** Every manifest attempt of these documents, oldest first. */
export async function eventsOfDocuments(db: Db, companyId: number, nfeIds: number[]): Promise<NfeEventRow[]> {
  if (nfeIds.length === 0) return [];
  return db
    .select()
    .from(nfeEvents)
    .where(and(eq(nfeEvents.companyId, companyId), inList(nfeEvents.nfeId, nfeIds)))
    .orderBy(asc(nfeEvents.nfeId), asc(nfeEvents.id));
}

export type NewNfeEvent = Omit<typeof nfeEvents.$inferInsert, "id" | "createdAt">;

export async function insertNfeEvent(db: Db, event: NewNfeEvent): Promise<void> {
  await db.insert(nfeEvents).values(event);
}

/** The company's NF-e of this access key with its duplicatas (`cobr/dup`, as stored by the import), if any. */
export async function duplicatasByKey(
  db: Db,
  companyId: number,
  key: string,
): Promise<{ nfeId: number; duplicatas: NfeInstallment[] } | undefined> {
  const row = await db
    .select({ id: nfeDocuments.id, installments: nfeDocuments.installments })
    .from(nfeDocuments)
    .where(and(eq(nfeDocuments.companyId, companyId), eq(nfeDocuments.chNfe, key)))
    .get();
  return row ? { nfeId: row.id, duplicatas: JSON.parse(row.installments) as NfeInstallment[] } : undefined;
}

/** The id of the company's purchase of this access key, if any. */
export async function purchaseIdByKey(db: Db, companyId: number, key: string): Promise<number | undefined> {
  const row = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.companyId, companyId), eq(purchases.chNfe, key)))
    .get();
  return row?.id;
}

export async function linkPurchase(
  db: Db,
  companyId: number,
  nfeId: number,
  purchaseId: number,
): Promise<void> {
  await db
    .update(nfeDocuments)
    .set({ purchaseId })
    .where(and(eq(nfeDocuments.companyId, companyId), eq(nfeDocuments.id, nfeId)));
}

/** The first active warehouse of the company: where an NF-e's purchase is received unless the job says. */
export async function firstActiveWarehouse(db: Db, companyId: number): Promise<number | undefined> {
  const row = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.status, 1), eq(warehouses.isActive, 1)))
    .orderBy(asc(warehouses.id))
    .get();
  return row?.id;
}
