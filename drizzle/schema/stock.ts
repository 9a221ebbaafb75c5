import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companyId, createdAt, id, status } from "./columns";

/**
 * Stock of SKUs (the `products` table is the SKU registry). Quantities are integer thousandths
 * (`1.5` kg is stored as 1500); SKUs whose unit is whole refuse fractions. Costs are integer cents
 * per unit. Movements are immutable; the running totals below are written in the same batch as
 * the movements that change them, so a read never sums history.
 */

export const warehouses = sqliteTable(
  "warehouses",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    isActive: integer().notNull().default(1),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("warehouses_company").on(t.companyId)],
);

/** Batches (lots) of a SKU: code unique per SKU, optional expiry. */
export const skuBatches = sqliteTable(
  "sku_batches",
  {
    id: id(),
    companyId: companyId(),
    skuId: integer().notNull(),
    code: text().notNull(),
    expirationDate: text(),
    manufacturingDate: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sku_batches_sku_code").on(t.skuId, t.code),
    index("sku_batches_company").on(t.companyId),
  ],
);

/** The Kardex: one immutable row per change of stock, with the balances and average cost after it. */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: id(),
    companyId: companyId(),
    skuId: integer().notNull(),
    warehouseId: integer().notNull(),
    batchId: integer(),
    /** `YYYY-MM-DD HH:MM:SS` in the company's zone, the posting time. */
    date: text().notNull(),
    /** 0 inbound, 1 outbound. */
    typeMovement: integer().notNull(),
    /** Thousandths, always > 0; the direction is typeMovement. */
    quantity: integer().notNull(),
    /** Cents per unit: the given cost on inbound, the average at the time on outbound. */
    unitCost: integer().notNull(),
    /** Moving weighted-average cost of the SKU in the company after this movement (cents). */
    averageCost: integer().notNull(),
    /** Balance of the SKU in the warehouse after this movement (thousandths). */
    warehouseQtyAfter: integer().notNull(),
    /** Balance of the batch (all warehouses) after this movement, for batch movements. */
    batchQtyAfter: integer(),
    /** Accumulated value of the batch after this movement, in cents x thousandths. */
    batchValueAfter: integer(),
    /** manual | transfer | inventory | order | purchase | production */
    origin: text().notNull(),
    originId: integer(),
    reason: text(),
    userId: integer(),
    /** Posting that wrote the row: the totals of one posting are upserted from its rows. */
    postUid: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_sku_warehouse").on(t.skuId, t.warehouseId, t.id),
    index("stock_movements_batch").on(t.batchId, t.id),
    index("stock_movements_company_date").on(t.companyId, t.date),
    index("stock_movements_post").on(t.postUid),
    check("stock_movements_quantity_positive", sql`${t.quantity} > 0`),
    check("stock_movements_type", sql`${t.typeMovement} IN (0, 1)`),
  ],
);

/** Running total per SKU and warehouse. Below zero only where the company allows negative stock. */
export const stockBalances = sqliteTable(
  "stock_balances",
  {
    companyId: companyId(),
    skuId: integer().notNull(),
    warehouseId: integer().notNull(),
    qty: integer().notNull().default(0),
    movements: integer().notNull().default(0),
    allowNegative: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.warehouseId] }),
    index("stock_balances_company").on(t.companyId, t.skuId),
    check("stock_balances_not_negative", sql`${t.qty} >= 0 OR ${t.allowNegative} = 1`),
  ],
);

/** Running total per batch and warehouse (quantity and value). */
export const stockBatchBalances = sqliteTable(
  "stock_batch_balances",
  {
    companyId: companyId(),
    batchId: integer().notNull(),
    skuId: integer().notNull(),
    warehouseId: integer().notNull(),
    qty: integer().notNull().default(0),
    /** cents x thousandths */
    value: integer().notNull().default(0),
    allowNegative: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.warehouseId] }),
    index("stock_batch_balances_sku").on(t.skuId, t.warehouseId),
    check("stock_batch_balances_not_negative", sql`${t.qty} >= 0 OR ${t.allowNegative} = 1`),
  ],
);

/** Company-wide total and moving weighted-average cost of a SKU. */
export const skuStockTotals = sqliteTable("sku_stock_totals", {
  skuId: integer().primaryKey(),
  companyId: companyId(),
  qty: integer().notNull().default(0),
  averageCost: integer().notNull().default(0),
  movements: integer().notNull().default(0),
});

/** Order status registry (account-wide, seeded): IDStatusOrder is the status code. */
export const orderStatuses = sqliteTable("order_statuses", {
  id: integer().primaryKey(),
  description: text().notNull(),
  /** `#RRGGBB` */
  colorCode: text().notNull(),
  reservesStock: integer().notNull().default(0),
  handling: integer().notNull().default(0),
  final: integer().notNull().default(0),
});

/**
 * Quantities held by orders: they never change QtyOnStock. No overselling: a row written when the
 * order's reservation of the SKU in the warehouse grew records the QtyAvailable left after it, and
 * the CHECK refuses it below zero unless the company allows negative stock (the batch fails, so of
 * concurrent reservations of the last units only as many land as there are units).
 */
export const stockReservations = sqliteTable(
  "stock_reservations",
  {
    id: id(),
    companyId: companyId(),
    orderId: integer().notNull(),
    skuId: integer().notNull(),
    warehouseId: integer().notNull(),
    quantity: integer().notNull(),
    statusOrderId: integer().notNull(),
    /** QtyAvailable of the SKU in the warehouse right after this row was written (thousandths). */
    availableAfter: integer().notNull().default(0),
    /** 1: the row may leave QtyAvailable below zero (the company allows negative stock, or the order's reservation did not grow). */
    allowNegative: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // covering: the availability of a SKU (balance minus the sum of its reservations) reads the index
    // alone, a few hundred bytes per thousand open orders, instead of a table row per reservation
    index("stock_reservations_sku").on(t.skuId, t.warehouseId, t.statusOrderId, t.quantity),
    uniqueIndex("stock_reservations_order_sku").on(t.orderId, t.skuId, t.warehouseId),
    check("stock_reservations_quantity_positive", sql`${t.quantity} > 0`),
    check("stock_reservations_available", sql`${t.availableAfter} >= 0 OR ${t.allowNegative} = 1`),
  ],
);

/** Sales policies: which batches may be sold (minimum remaining shelf life) and in which order. */
export const salesPolicies = sqliteTable(
  "sales_policies",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    minShelfLifeDays: integer().notNull().default(0),
    /** FEFO (first expiry first out) or FIFO (oldest batch first). */
    pickOrder: text().notNull().default("FEFO"),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index("sales_policies_company").on(t.companyId)],
);

/** Inventory count sessions of one warehouse. */
export const stockInventories = sqliteTable(
  "stock_inventories",
  {
    id: id(),
    companyId: companyId(),
    warehouseId: integer().notNull(),
    description: text(),
    /** 0 open, 1 applied */
    applied: integer().notNull().default(0),
    appliedAt: text(),
    createdBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [index("stock_inventories_company").on(t.companyId)],
);

/** One row per applied count: the primary key refuses a second apply, even a concurrent one. */
export const stockInventoryApplications = sqliteTable("stock_inventory_applications", {
  inventoryId: integer().primaryKey(),
  appliedBy: integer(),
  appliedAt: createdAt(),
});

/** Counted quantity per SKU (and batch) of a count session; the last count of a SKU wins. */
export const stockInventoryItems = sqliteTable(
  "stock_inventory_items",
  {
    id: id(),
    companyId: companyId(),
    inventoryId: integer().notNull(),
    skuId: integer().notNull(),
    batchId: integer(),
    /** 0 when there is no batch: part of the unique key. */
    batchKey: integer().notNull().default(0),
    countedQty: integer().notNull(),
    /** Filled on apply: the balance then and the posted difference. */
    systemQty: integer(),
    difference: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_inventory_items_key").on(t.inventoryId, t.skuId, t.batchKey),
    check("stock_inventory_items_counted", sql`${t.countedQty} >= 0`),
  ],
);

export const stockInventoryLogs = sqliteTable(
  "stock_inventory_logs",
  {
    id: id(),
    inventoryId: integer().notNull(),
    userId: integer(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("stock_inventory_logs_inventory").on(t.inventoryId)],
);
