import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, status, updatedAt } from "./columns";

/** Order types; `Companies` (the invoicing companies it is enabled for) live in order_type_invoices. */
export const orderTypes = sqliteTable(
  "order_types",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    isTransfer: integer().notNull().default(0),
    enabledPos: integer().notNull().default(0),
    /** The NF-e's CFOP for an operation inside the issuer's UF (5xxx) and outside it (6xxx); null until informed. */
    cfopInState: text(),
    cfopOutOfState: text(),
    /** The NF-e's `natOp` (nature of the operation), up to 60 characters. */
    natOp: text(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("order_types_company").on(t.companyId)],
);

export const orderTypeInvoices = sqliteTable(
  "order_type_invoices",
  {
    orderTypeId: integer().notNull(),
    companyInvoiceId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderTypeId, t.companyInvoiceId] })],
);

/** Chart of accounts: IDTypeAccount 0 = inflow (receivable), 1 = outflow (payable). */
export const accountTypes = sqliteTable(
  "account_types",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    typeAccount: integer().notNull().default(0),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("account_types_company").on(t.companyId)],
);

export const documentTypes = sqliteTable(
  "document_types",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("document_types_company").on(t.companyId)],
);

export const paymentTypes = sqliteTable(
  "payment_types",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_types_company").on(t.companyId)],
);

/**
 * A payment type's rate per number of installments: how due dates follow from the order or purchase
 * date, the fee the acquirer keeps, and the NF-e payment codes (`tPag`, `tBand`).
 */
export const paymentTypeRates = sqliteTable(
  "payment_type_rates",
  {
    id: id(),
    companyId: companyId(),
    paymentTypeId: integer().notNull(),
    installments: integer().notNull(),
    firstDueDays: integer().notNull().default(0),
    intervalDays: integer().notNull().default(30),
    /** Acquirer or channel fee in hundredths of a percent (2.99% = 299). */
    feeBasisPoints: integer().notNull().default(0),
    additionalBusinessDays: integer().notNull().default(0),
    /** 1 = counted from the base date before the days, 2 = after the calendar due date. */
    additionalBusinessDaysPosition: integer().notNull().default(2),
    nfTPag: text().notNull(),
    nfTBand: text(),
    refundMethod: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex("payment_type_rates_installments").on(t.paymentTypeId, t.installments),
    index("payment_type_rates_company").on(t.companyId, t.paymentTypeId),
  ],
);

export const costCenters = sqliteTable(
  "cost_centers",
  {
    id: id(),
    companyId: companyId(),
    description: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("cost_centers_company").on(t.companyId)],
);

/** Carrier modalities; deleted physically. `nameKey` is the trimmed, lower-cased, accent-free name. */
export const carrierModals = sqliteTable(
  "carrier_modals",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    nameKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("carrier_modals_company_name").on(t.companyId, t.nameKey)],
);

export const suppliers = sqliteTable(
  "suppliers",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    document: text(),
    isCarrier: integer().notNull().default(0),
    carrierModalId: integer(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("suppliers_company").on(t.companyId), index("suppliers_carrier_modal").on(t.carrierModalId)],
);

export const consumers = sqliteTable(
  "consumers",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    document: text(),
    /** Where the order's tracking e-mails go. */
    email: text(),
    status: status(),
    createdAt: createdAt(),
    // The recipient of the NF-e (`dest`): null until informed, under the invoicing company's rules.
    /** IE digits, `ISENTO`, or null (not an ICMS contributor): indIEDest 1, 2 or 9. */
    stateRegistration: text(),
    street: text(),
    number: text(),
    complement: text(),
    district: text(),
    /** IBGE municipality code, 7 digits with its check digit, of the UF. */
    cityCode: text(),
    city: text(),
    uf: text(),
    /** CEP, 8 digits. */
    zipCode: text(),
    /** DDD + number, 6 to 14 digits. */
    phone: text(),
  },
  (t) => [index("consumers_company").on(t.companyId)],
);

export const brands = sqliteTable(
  "brands",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    description: text(),
    keywords: text(),
    title: text(),
    isActive: integer().notNull().default(1),
    menuHome: integer().notNull().default(0),
    score: real(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("brands_company").on(t.companyId, t.status)],
);

/** Products / SKUs. `code` is the SKU code, unique per company when present. */
export const products = sqliteTable(
  "products",
  {
    id: id(),
    companyId: companyId(),
    code: text(),
    name: text().notNull(),
    brandId: integer(),
    cost: cents(),
    price: cents(),
    isActive: integer().notNull().default(1),
    /**
     * SKU registry fields (the product row is the SKU). Their defaults are SQL expressions so that
     * inserts which do not name them bind no extra parameters (D1 allows 100 per statement).
     */
    ean: text(),
    /** Unit of measure: UN, KG, L, M, CX... */
    unit: text().notNull().default(sql`'UN'`),
    /** 1 when quantities may have up to 3 decimals; 0 for whole units. */
    decimalQuantity: integer().notNull().default(sql`0`),
    /** 1 when every movement must name a batch. */
    batchControl: integer().notNull().default(sql`0`),
    taxProfile: text(),
    /** 1 lets pricing set a price below cost. */
    allowPriceBelowCost: integer().notNull().default(sql`0`),
    /** Fiscal data of the NF-e item: NCM (8 digits), CEST (7 digits) and the goods' origin (`orig`, 0 to 8). */
    ncm: text(),
    cest: text(),
    origin: integer(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_company").on(t.companyId),
    index("products_brand").on(t.brandId),
    uniqueIndex("products_company_code").on(t.companyId, t.code),
  ],
);

/** Every cost recorded for a SKU (by imports); the cost recalculation averages them. */
export const skuCostRecords = sqliteTable(
  "sku_cost_records",
  {
    id: id(),
    companyId: companyId(),
    productId: integer().notNull(),
    cost: cents(),
    /** Source job and line: a redelivered job can never record the same line twice. */
    jobId: integer(),
    line: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sku_cost_records_product").on(t.productId),
    uniqueIndex("sku_cost_records_job_line").on(t.jobId, t.line),
  ],
);

/** The "de/para" of hub carriers: a hub carrier name mapped to a supplier and a modality. */
export const carrierHubMappings = sqliteTable(
  "carrier_hub_mappings",
  {
    id: id(),
    companyId: companyId(),
    hubCarrierName: text().notNull(),
    supplierId: integer(),
    carrierModalId: integer(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [
    index("carrier_hub_mappings_company").on(t.companyId),
    index("carrier_hub_mappings_modal").on(t.carrierModalId),
  ],
);

/** POS cashier sessions of a bank account; at most one open per account. */
export const posCashiers = sqliteTable(
  "pos_cashiers",
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: integer().notNull(),
    openedAt: text().notNull(),
    closedAt: text(),
    openedBy: integer(),
    closedBy: integer(),
  },
  (t) => [
    index("pos_cashiers_account").on(t.bankAccountId),
    uniqueIndex("pos_cashiers_one_open").on(t.bankAccountId).where(sql`closed_at IS NULL`),
  ],
);
