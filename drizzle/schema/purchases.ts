import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, updatedAt } from "./columns";

/**
 * Purchases and production. Quantities are integer thousandths (as the stock ledger), costs integer
 * cents per unit. A purchase is received once (`purchase_receipts` primary key); a production order
 * is finished once (`sku_production_finishes` primary key).
 */

/** Purchase status registry (account-wide, seeded): IDStatusPurchase 0 to 12. */
export const purchaseStatuses = sqliteTable("purchase_statuses", {
  id: integer().primaryKey(),
  description: text().notNull(),
  /** `#RRGGBB` */
  colorCode: text().notNull(),
  /** 1 while the purchase may still be received (checked). */
  awaitingReceipt: integer().notNull().default(0),
  /** 1 while items and header may change. */
  editable: integer().notNull().default(0),
  /** 1 when no transition leaves it. */
  final: integer().notNull().default(0),
});

export const purchases = sqliteTable(
  "purchases",
  {
    id: id(),
    companyId: companyId(),
    /** Client-generated key: later statements of the same batch find the row by it. */
    uid: text().notNull(),
    /** purchase | surplus | production */
    origin: text().notNull().default("purchase"),
    supplierId: integer(),
    warehouseId: integer().notNull(),
    statusId: integer().notNull().default(0),
    paymentTypeId: integer(),
    installments: integer().notNull().default(1),
    orderId: integer(),
    /** NF-e access key (44 digits) of the supplier's invoice. */
    chNfe: text(),
    nfeNumber: integer(),
    description: text(),
    /** `YYYY-MM-DD HH:MM:SS` in the company's zone: when the purchase was issued. */
    startTime: text().notNull(),
    /** The purchase a surplus purchase came from. */
    parentPurchaseId: integer(),
    /** The production order a production receiving document belongs to. */
    productionId: integer(),
    /** Bumped by every write: the check refuses to post on a purchase changed since it was read. */
    version: integer().notNull().default(1),
    /** Key of the last edit: the statements of an edit apply only while it holds. */
    writeUid: text(),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("purchases_uid").on(t.uid),
    uniqueIndex("purchases_company_ch_nfe").on(t.companyId, t.chNfe),
    index("purchases_company_start").on(t.companyId, t.startTime),
    index("purchases_company_updated").on(t.companyId, t.updatedAt),
    index("purchases_company_order").on(t.companyId, t.orderId),
    check("purchases_status_range", sql`${t.statusId} BETWEEN 0 AND 12`),
    check("purchases_installments", sql`${t.installments} BETWEEN 1 AND 120`),
  ],
);

/** Delivery schedules of a purchase: one per due date (IDStockKeepingUnitPurchaseSchedule). */
export const purchaseSchedules = sqliteTable(
  "purchase_schedules",
  {
    id: id(),
    companyId: companyId(),
    purchaseId: integer().notNull(),
    dueDate: text().notNull(),
  },
  (t) => [
    uniqueIndex("purchase_schedules_date").on(t.purchaseId, t.dueDate),
    index("purchase_schedules_company_due").on(t.companyId, t.dueDate),
  ],
);

export const purchaseItems = sqliteTable(
  "purchase_items",
  {
    id: id(),
    companyId: companyId(),
    purchaseId: integer().notNull(),
    /** Position of the item in the purchase, from 0. */
    line: integer().notNull(),
    skuId: integer().notNull(),
    /** Ordered quantity, thousandths. */
    quantity: integer().notNull(),
    /** Cents per unit. */
    unitCost: integer().notNull(),
    scheduleId: integer(),
    /** Filled by the check: received quantity (thousandths, at most the ordered one). */
    receivedQty: integer(),
    /** Filled by the check: counted quantity, surplus included. */
    countedQty: integer(),
  },
  (t) => [
    uniqueIndex("purchase_items_line").on(t.purchaseId, t.line),
    index("purchase_items_sku").on(t.companyId, t.skuId),
    check("purchase_items_quantity_positive", sql`${t.quantity} > 0`),
    check("purchase_items_cost", sql`${t.unitCost} >= 0`),
    check("purchase_items_received", sql`${t.receivedQty} IS NULL OR ${t.receivedQty} >= 0`),
  ],
);

/**
 * One row per received purchase. The primary key refuses a second check, even a concurrent one;
 * `versionOk` (CHECK = 1) refuses a check whose purchase changed after it was read.
 */
export const purchaseReceipts = sqliteTable(
  "purchase_receipts",
  {
    purchaseId: integer().primaryKey(),
    companyId: companyId(),
    versionOk: integer().notNull(),
    /** The purchase that took what the supplier sent beyond the order. */
    surplusPurchaseId: integer(),
    receivedBy: integer(),
    receivedAt: text().notNull(),
    /** The NF-e whose duplicatas (`cobr/dup`) made the payables; null when the terms or the receiving date did. */
    nfeId: integer(),
  },
  (t) => [check("purchase_receipts_version", sql`${t.versionOk} = 1`)],
);

/** Counted lines of a check: per item and batch; each has exactly one inbound movement. */
export const purchaseReceiptLines = sqliteTable(
  "purchase_receipt_lines",
  {
    id: id(),
    companyId: companyId(),
    purchaseId: integer().notNull(),
    itemId: integer().notNull(),
    skuId: integer().notNull(),
    batchId: integer(),
    /** 0 when there is no batch: part of the unique key. */
    batchKey: integer().notNull().default(0),
    quantity: integer().notNull(),
  },
  (t) => [
    uniqueIndex("purchase_receipt_lines_key").on(t.itemId, t.batchKey),
    index("purchase_receipt_lines_purchase").on(t.purchaseId),
    check("purchase_receipt_lines_quantity", sql`${t.quantity} > 0`),
  ],
);

/** Payable titles created by a check, one per installment. */
export const purchaseTitles = sqliteTable(
  "purchase_titles",
  {
    purchaseId: integer().notNull(),
    installment: integer().notNull(),
    titleId: integer().notNull(),
    companyId: companyId(),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseId, t.installment] }),
    uniqueIndex("purchase_titles_title").on(t.titleId),
  ],
);

/** Bill of materials: inputs of a SKU and their quantity per unit produced. */
export const skuBomItems = sqliteTable(
  "sku_bom_items",
  {
    companyId: companyId(),
    skuId: integer().notNull(),
    inputSkuId: integer().notNull(),
    /** Thousandths of the input per unit of the SKU. */
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.inputSkuId] }),
    index("sku_bom_items_company").on(t.companyId, t.skuId),
    check("sku_bom_items_quantity", sql`${t.quantity} > 0`),
    check("sku_bom_items_not_itself", sql`${t.skuId} <> ${t.inputSkuId}`),
  ],
);

/** Production orders: `quantity` of `skuId` made in `warehouseId` from the lines below. */
export const skuProductions = sqliteTable(
  "sku_productions",
  {
    id: id(),
    companyId: companyId(),
    /** Client-generated key: the lines of the same batch find the order by it. */
    uid: text().notNull(),
    skuId: integer().notNull(),
    warehouseId: integer().notNull(),
    /** Batch of the product, where it uses batches. */
    batchId: integer(),
    quantity: integer().notNull(),
    description: text(),
    /** 0 open, 1 finished */
    finished: integer().notNull().default(0),
    /** Summed cost of the consumed lines (cents), set on finish. */
    totalCost: integer(),
    /** The receiving document (a purchase of origin `production`), set on finish. */
    purchaseId: integer(),
    finishedAt: text(),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sku_productions_uid").on(t.uid),
    index("sku_productions_company").on(t.companyId, t.skuId),
    check("sku_productions_quantity", sql`${t.quantity} > 0`),
  ],
);

/** Inputs of a production order; the cost is the input's average cost when the order is finished. */
export const skuProductionItems = sqliteTable(
  "sku_production_items",
  {
    id: id(),
    companyId: companyId(),
    productionId: integer().notNull(),
    line: integer().notNull(),
    inputSkuId: integer().notNull(),
    /** Batch consumed, where the input uses batches. */
    batchId: integer(),
    /** Thousandths consumed. */
    quantity: integer().notNull(),
    /** Cents per unit, set on finish (average cost then). */
    unitCost: integer(),
    /** Cents, set on finish: round(quantity x unitCost / 1000). */
    totalCost: integer(),
  },
  (t) => [
    uniqueIndex("sku_production_items_line").on(t.productionId, t.line),
    check("sku_production_items_quantity", sql`${t.quantity} > 0`),
  ],
);

/**
 * One row per finished production order: the primary key refuses a second finish; `costsOk`
 * (CHECK = 1) refuses a finish whose inputs' average costs moved after they were read.
 */
export const skuProductionFinishes = sqliteTable(
  "sku_production_finishes",
  {
    productionId: integer().primaryKey(),
    companyId: companyId(),
    costsOk: integer().notNull(),
    finishedBy: integer(),
    finishedAt: text().notNull(),
  },
  (t) => [check("sku_production_finishes_costs", sql`${t.costsOk} = 1`)],
);
