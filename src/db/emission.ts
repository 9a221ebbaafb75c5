import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lte, ne, sql } from "drizzle-orm";
import {
  companies,
  companyInvoices,
  consumers,
  issuedNfeEvents,
  issuedNfes,
  jobs,
  nfCstIbsCbs,
  orderItems,
  orderPayments,
  orders,
  orderTypeInvoices,
  orderTypes,
  paymentTypeRates,
  products,
  stockBalances,
  suppliers,
  titles,
  trackingMessages,
  warehouses,
} from "../../drizzle/schema";
import type { SourceConsumer, SourceItem, SourcePayment } from "../domain/emission/draft";
import type { Db } from "../env";
import { rawStatement } from "./raw-statement";
import { eqIf, type Statement, utcNow } from "./sql";

/**
 * NF-e issuing (src/domain/emission): the reads an order's note is made of, set-based so a batch of
 * 500 orders is a handful of queries; the numbered insert of notes (the number taken in the same
 * batch as the insert, guarded by `issued_nfes_number` and a compare-and-set on `nfe_next_number`);
 * the note's state writes and the lists. Every read is scoped by company.
 */

export type IssuedNfeRow = typeof issuedNfes.$inferSelect;
export type IssuedNfeEventRow = typeof issuedNfeEvents.$inferSelect;
export type CompanyInvoiceRow = typeof companyInvoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const ids = (values: number[]) => JSON.stringify([...new Set(values)]);
const inJson = (values: number[]) => sql`(SELECT value FROM json_each(${ids(values)}))`;

export async function ordersByIds(db: Db, companyId: number, orderIds: number[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), sql`${orders.id} IN ${inJson(orderIds)}`));
}

/** The orders' items with their SKU's fiscal data and the CST code of their IBS/CBS, in item order. */
export async function emissionItems(
  db: Db,
  companyId: number,
  orderIds: number[],
): Promise<(SourceItem & { orderId: number })[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      id: orderItems.id,
      skuId: orderItems.skuId,
      skuCode: products.code,
      skuName: products.name,
      ean: products.ean,
      unit: products.unit,
      ncm: products.ncm,
      cest: products.cest,
      origin: products.origin,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      discount: orderItems.discount,
      value: orderItems.value,
      icmsCst: orderItems.icmsCst,
      icmsRate: orderItems.icmsRate,
      icmsValue: orderItems.icmsValue,
      ipiCst: orderItems.ipiCst,
      ipiRate: orderItems.ipiRate,
      ipiValue: orderItems.ipiValue,
      pisCst: orderItems.pisCst,
      pisRate: orderItems.pisRate,
      pisValue: orderItems.pisValue,
      cofinsCst: orderItems.cofinsCst,
      cofinsRate: orderItems.cofinsRate,
      cofinsValue: orderItems.cofinsValue,
      ibsCbsCst: nfCstIbsCbs.code,
      ibsCbsClassTrib: nfCstIbsCbs.classTrib,
      ibsRate: orderItems.ibsRate,
      ibsValue: orderItems.ibsValue,
      cbsRate: orderItems.cbsRate,
      cbsValue: orderItems.cbsValue,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.skuId))
    .leftJoin(nfCstIbsCbs, eq(nfCstIbsCbs.id, orderItems.cstIbsCbsId))
    .where(and(eq(orderItems.companyId, companyId), sql`${orderItems.orderId} IN ${inJson(orderIds)}`))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

export async function orderTypesByIds(db: Db, companyId: number, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db
    .select({
      id: orderTypes.id,
      cfopInState: orderTypes.cfopInState,
      cfopOutOfState: orderTypes.cfopOutOfState,
      natOp: orderTypes.natOp,
      enabledPos: orderTypes.enabledPos,
    })
    .from(orderTypes)
    .where(and(eq(orderTypes.companyId, companyId), sql`${orderTypes.id} IN ${inJson(typeIds)}`));
}

/** The invoicing companies (active, of the company) each order type is enabled for. */
export async function invoiceCompaniesOfTypes(
  db: Db,
  companyId: number,
  typeIds: number[],
): Promise<{ orderTypeId: number; companyInvoiceId: number }[]> {
  if (typeIds.length === 0) return [];
  return db
    .select({
      orderTypeId: orderTypeInvoices.orderTypeId,
      companyInvoiceId: orderTypeInvoices.companyInvoiceId,
    })
    .from(orderTypeInvoices)
    .innerJoin(companyInvoices, eq(companyInvoices.id, orderTypeInvoices.companyInvoiceId))
    .where(
      and(
        eq(companyInvoices.companyId, companyId),
        eq(companyInvoices.status, 1),
        sql`${orderTypeInvoices.orderTypeId} IN ${inJson(typeIds)}`,
      ),
    )
    .orderBy(asc(orderTypeInvoices.companyInvoiceId));
}

export async function invoiceCompaniesByIds(
  db: Db,
  companyId: number,
  invoiceIds: number[],
): Promise<CompanyInvoiceRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(companyInvoices)
    .where(
      and(eq(companyInvoices.companyId, companyId), sql`${companyInvoices.id} IN ${inJson(invoiceIds)}`),
    );
}

/**
 * The consumers (the recipients) whole: the registry's address and IE columns, when it has them,
 * come with the row (`SourceConsumer` names them as the invoicing company's profile does).
 */
export async function consumersByIds(
  db: Db,
  companyId: number,
  consumerIds: number[],
): Promise<SourceConsumer[]> {
  if (consumerIds.length === 0) return [];
  const rows = await db
    .select()
    .from(consumers)
    .where(and(eq(consumers.companyId, companyId), sql`${consumers.id} IN ${inJson(consumerIds)}`));
  return rows as unknown as SourceConsumer[];
}

export async function carriersByIds(db: Db, companyId: number, carrierIds: number[]) {
  if (carrierIds.length === 0) return [];
  return db
    .select({ id: suppliers.id, name: suppliers.name, document: suppliers.document })
    .from(suppliers)
    .where(and(eq(suppliers.companyId, companyId), sql`${suppliers.id} IN ${inJson(carrierIds)}`));
}

/** The orders' live receivable titles with their payment type rate's NF-e codes (`NfTPag`, `NfTBand`). */
export async function emissionPayments(
  db: Db,
  companyId: number,
  orderIds: number[],
): Promise<(SourcePayment & { orderId: number })[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderPayments.orderId,
      titleId: orderPayments.titleId,
      paymentTypeId: orderPayments.paymentTypeId,
      installment: orderPayments.installment,
      installments: orderPayments.installments,
      value: titles.value,
      dueDate: titles.dueDate,
      tPag: paymentTypeRates.nfTPag,
      tBand: paymentTypeRates.nfTBand,
    })
    .from(orderPayments)
    .innerJoin(titles, eq(titles.id, orderPayments.titleId))
    .leftJoin(
      paymentTypeRates,
      and(
        eq(paymentTypeRates.paymentTypeId, orderPayments.paymentTypeId),
        eq(paymentTypeRates.installments, orderPayments.installments),
      ),
    )
    .where(
      and(
        eq(orderPayments.companyId, companyId),
        ne(titles.status, 0),
        eq(titles.typeAccount, 0),
        sql`${orderPayments.orderId} IN ${inJson(orderIds)}`,
      ),
    )
    .orderBy(asc(orderPayments.orderId), asc(titles.dueDate), asc(orderPayments.titleId));
}

export async function companyEmissionSettings(db: Db, companyId: number) {
  return db
    .select({
      environment: companies.sefazAmbienteNf,
      environmentNfc: companies.sefazAmbienteNfc,
      timeZone: companies.timeZone,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
}

/** The orders' notes that are not Denied (at most one per order: `issued_nfes_order`). */
export async function activeNotesOfOrders(
  db: Db,
  companyId: number,
  orderIds: number[],
): Promise<IssuedNfeRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(issuedNfes)
    .where(
      and(
        eq(issuedNfes.companyId, companyId),
        ne(issuedNfes.status, "Denied"),
        sql`${issuedNfes.orderId} IN ${inJson(orderIds)}`,
      ),
    );
}

/** The last note of each order (any state), for the order's view. */
export async function latestNoteOfOrder(db: Db, companyId: number, orderId: number) {
  return db
    .select({
      id: issuedNfes.id,
      accessKey: issuedNfes.accessKey,
      number: issuedNfes.number,
      status: issuedNfes.status,
    })
    .from(issuedNfes)
    .where(and(eq(issuedNfes.companyId, companyId), eq(issuedNfes.orderId, orderId)))
    .orderBy(sql`${issuedNfes.status} = 'Denied'`, desc(issuedNfes.id))
    .get();
}

/**
 * The first number free in a series of an invoicing company: its `NFeNextNumber`, or past every
 * number already given in the series (a note of any state: a number that reached SEFAZ is never given
 * again) and every voided range, whichever is higher.
 */
export async function seriesNextNumber(
  db: Db,
  invoiceId: number,
  model: number,
  series: number,
): Promise<{ stored: number; next: number } | undefined> {
  const column = model === 65 ? sql.raw("ci.nfce_next_number") : sql.raw("ci.nfe_next_number");
  const row = await db.get<{ stored: number; used: number | null; voided: number | null } | undefined>(sql`
    SELECT ${column} AS stored,
      (SELECT max(number) FROM issued_nfes WHERE company_invoice_id = ci.id AND model = ${model} AND series = ${series}) AS used,
      (SELECT max(number_to) FROM nfe_voids WHERE company_invoice_id = ci.id AND model = ${model} AND series = ${series}
         AND status = 'Registered') AS voided
    FROM company_invoices ci WHERE ci.id = ${invoiceId}`);
  if (!row) return undefined;
  return { stored: row.stored, next: Math.max(row.stored, (row.used ?? 0) + 1, (row.voided ?? 0) + 1) };
}

/** A new note as the issue writes it (its number given by the caller from `seriesNextNumber`). */
export type NewNote = {
  companyInvoiceId: number;
  orderId: number;
  model: number;
  series: number;
  number: number;
  environment: number;
  cnf: string;
  accessKey: string;
  issuedAt: string;
  recipientDocument: string | null;
  recipientName: string | null;
};

/** The job of an issue, inserted in the batch of its notes: found again by its unique hash. */
export function insertEmissionJob(
  db: Db,
  companyId: number,
  hash: string,
  noteCount: number,
  userId: number | null,
): Statement {
  return db.insert(jobs).values({
    companyId,
    route: "nfe",
    type: "NFeEmission",
    params: "{}",
    fileKey: "",
    fileName: "",
    contentType: "",
    sizeBytes: 0,
    fileHash: hash,
    total: noteCount,
    createdBy: userId,
  });
}

export async function jobIdByHash(db: Db, companyId: number, hash: string): Promise<number | undefined> {
  const row = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.route, "nfe"), eq(jobs.fileHash, hash)))
    .get();
  return row?.id;
}

/** The notes of a batch in one statement (their rows in one JSON parameter), tied to the job of `hash`. */
export function insertNotesStatement(
  db: Db,
  companyId: number,
  hash: string,
  notes: NewNote[],
  reason: string,
): Statement {
  return rawStatement(
    db,
    sql`INSERT INTO issued_nfes (company_id, company_invoice_id, order_id, model, series, number, environment,
        emission_type, cnf, access_key, status, x_motivo, issued_at, total, recipient_document, recipient_name, job_id)
      SELECT ${companyId}, n.value ->> 'companyInvoiceId', n.value ->> 'orderId', n.value ->> 'model', n.value ->> 'series',
        n.value ->> 'number', n.value ->> 'environment', 1, n.value ->> 'cnf', n.value ->> 'accessKey', 'Processing', ${reason},
        n.value ->> 'issuedAt', 0, n.value ->> 'recipientDocument', n.value ->> 'recipientName',
        (SELECT id FROM jobs WHERE company_id = ${companyId} AND route = 'nfe' AND file_hash = ${hash})
      FROM json_each(${JSON.stringify(notes)}) AS n`,
  );
}

/**
 * A rejected note issued again: the same row and number (or a new number after a 539), a new dhEmi
 * and key, Processing again under the new job; only while it is still Rejected.
 */
export function reissueNoteStatement(
  db: Db,
  companyId: number,
  noteId: number,
  hash: string,
  values: { number: number; accessKey: string; issuedAt: string; environment: number },
  reason: string,
): Statement {
  return rawStatement(
    db,
    sql`UPDATE issued_nfes SET status = CASE WHEN status = 'Rejected' THEN 'Processing' ELSE NULL END,
        number = ${values.number}, access_key = ${values.accessKey}, issued_at = ${values.issuedAt},
        environment = ${values.environment}, c_stat = NULL, x_motivo = ${reason}, xml_key = NULL, sent = 0,
        retry_at = NULL, job_id = (SELECT id FROM jobs WHERE company_id = ${companyId} AND route = 'nfe' AND file_hash = ${hash}),
        updated_at = ${utcNow}
      WHERE id = ${noteId} AND company_id = ${companyId}`,
  );
}

/**
 * Advances the series' next number from `stored` to `next` (compare-and-set: when another issue
 * moved it meanwhile the CASE writes NULL into the NOT NULL column and the whole batch is refused).
 */
export function advanceNumberStatement(
  db: Db,
  invoiceId: number,
  stored: number,
  next: number,
  model: number = 55,
): Statement {
  if (model === 65)
    return rawStatement(
      db,
      sql`UPDATE company_invoices SET nfce_next_number = CASE WHEN nfce_next_number = ${stored} THEN ${next} ELSE NULL END
        WHERE id = ${invoiceId}`,
    );
  return rawStatement(
    db,
    sql`UPDATE company_invoices SET nfe_next_number = CASE WHEN nfe_next_number = ${stored} THEN ${next} ELSE NULL END
      WHERE id = ${invoiceId}`,
  );
}

export async function notesOfJob(db: Db, companyId: number, jobId: number): Promise<IssuedNfeRow[]> {
  return db
    .select()
    .from(issuedNfes)
    .where(and(eq(issuedNfes.companyId, companyId), eq(issuedNfes.jobId, jobId)))
    .orderBy(asc(issuedNfes.id));
}

export async function findNote(db: Db, companyId: number, noteId: number): Promise<IssuedNfeRow | undefined> {
  return db
    .select()
    .from(issuedNfes)
    .where(and(eq(issuedNfes.companyId, companyId), eq(issuedNfes.id, noteId)))
    .get();
}

export async function eventsOfNote(db: Db, companyId: number, noteId: number): Promise<IssuedNfeEventRow[]> {
  return db
    .select()
    .from(issuedNfeEvents)
    .where(and(eq(issuedNfeEvents.companyId, companyId), eq(issuedNfeEvents.nfeId, noteId)))
    .orderBy(asc(issuedNfeEvents.id));
}

export type NoteFilters = {
  lastId?: number;
  status?: string;
  orderId?: number;
  invoiceId?: number;
  dateFrom?: string;
  dateTo?: string;
  key?: string;
};

/** A page of the company's notes by ascending id after `lastId`; dates on dhEmi's day. */
export async function listNotes(db: Db, companyId: number, filters: NoteFilters, pageSize: number) {
  return db
    .select()
    .from(issuedNfes)
    .where(
      and(
        eq(issuedNfes.companyId, companyId),
        gt(issuedNfes.id, filters.lastId ?? 0),
        eqIf(issuedNfes.status, filters.status),
        eqIf(issuedNfes.orderId, filters.orderId),
        eqIf(issuedNfes.companyInvoiceId, filters.invoiceId),
        eqIf(issuedNfes.accessKey, filters.key),
        filters.dateFrom ? gte(sql`substr(${issuedNfes.issuedAt}, 1, 10)`, filters.dateFrom) : undefined,
        filters.dateTo ? lte(sql`substr(${issuedNfes.issuedAt}, 1, 10)`, filters.dateTo) : undefined,
      ),
    )
    .orderBy(asc(issuedNfes.id))
    .limit(pageSize);
}

/** Changes of a note's row the job makes (only while the note is still open: Processing or Pending). */
export type NoteChange = Partial<
  Pick<
    IssuedNfeRow,
    | "status"
    | "cStat"
    | "xMotivo"
    | "protocol"
    | "authorizedAt"
    | "xmlKey"
    | "procKey"
    | "sent"
    | "retryAt"
    | "total"
    | "accessKey"
    | "number"
    | "emissionType"
    | "onlineSettled"
  >
> & { attempt?: boolean };

/**
 * Changes a note only while its status is one of `from` (by default Processing/Pending, the states the
 * emission sends from): a note another delivery already moved is left as it is.
 */
export function noteChangeStatement(
  db: Db,
  companyId: number,
  noteId: number,
  change: NoteChange,
  from: string[] = ["Processing", "Pending"],
): Statement {
  const { attempt, ...values } = change;
  return db
    .update(issuedNfes)
    .set({
      ...values,
      ...(attempt ? { attempts: sql`${issuedNfes.attempts} + 1` } : {}),
      updatedAt: utcNow,
    })
    .where(
      and(eq(issuedNfes.id, noteId), eq(issuedNfes.companyId, companyId), inArray(issuedNfes.status, from)),
    );
}

export async function changeNote(
  db: Db,
  companyId: number,
  noteId: number,
  change: NoteChange,
): Promise<void> {
  await db.batch([noteChangeStatement(db, companyId, noteId, change)]);
}

/**
 * What invoicing a chunk's orders reads (the authorization's batch of each note: the order to 6 with
 * its stock leaving and its events), in ONE D1 batch for the whole chunk: the orders, their items (as
 * `itemsOfOrder` reads them), their SKUs (active), the warehouses (active), the stock balances of
 * those SKUs in those warehouses, the company, the consumers' contacts and the active tracking
 * messages of `statusId`. Sets go as one JSON parameter each.
 */
export async function invoicingReads(
  db: Db,
  companyId: number,
  sets: { orderIds: number[]; skuIds: number[] },
  statusId: number,
) {
  const orderRows = sql`(SELECT warehouse_id FROM orders WHERE company_id = ${companyId} AND id IN ${inJson(sets.orderIds)})`;
  const [orderList, items, skus, warehouseRows, balances, company, contacts, templates] = await db.batch([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, companyId), sql`${orders.id} IN ${inJson(sets.orderIds)}`)),
    db
      .select({ ...getTableColumns(orderItems), skuCode: products.code, skuName: products.name })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.skuId))
      .where(and(eq(orderItems.companyId, companyId), sql`${orderItems.orderId} IN ${inJson(sets.orderIds)}`))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.companyId, companyId),
          eq(products.status, 1),
          sql`${products.id} IN ${inJson(sets.skuIds)}`,
        ),
      ),
    db
      .select()
      .from(warehouses)
      .where(
        and(
          eq(warehouses.companyId, companyId),
          eq(warehouses.status, 1),
          sql`${warehouses.id} IN ${orderRows}`,
        ),
      ),
    db
      .select({ skuId: stockBalances.skuId, warehouseId: stockBalances.warehouseId, qty: stockBalances.qty })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.companyId, companyId),
          sql`${stockBalances.skuId} IN ${inJson(sets.skuIds)}`,
          sql`${stockBalances.warehouseId} IN ${orderRows}`,
        ),
      ),
    db.select().from(companies).where(eq(companies.id, companyId)),
    db
      .select({ id: consumers.id, name: consumers.name, email: consumers.email })
      .from(consumers)
      .where(
        and(
          eq(consumers.companyId, companyId),
          sql`${consumers.id} IN (SELECT consumer_id FROM orders WHERE company_id = ${companyId} AND id IN ${inJson(sets.orderIds)})`,
        ),
      ),
    db
      .select()
      .from(trackingMessages)
      .where(
        and(
          eq(trackingMessages.companyId, companyId),
          eq(trackingMessages.trackingStatusId, statusId),
          eq(trackingMessages.active, 1),
        ),
      )
      .orderBy(asc(trackingMessages.typeMessage)),
  ]);
  return {
    orders: orderList,
    items,
    skus,
    warehouses: warehouseRows,
    balances,
    company: company[0],
    contacts,
    templates,
  };
}
