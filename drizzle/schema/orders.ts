import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, companyId, createdAt, id, status, updatedAt } from "./columns";

/**
 * Orders: header, items (SKU movements, `IDSkuMovement`), status history, payments (receivable
 * titles) and the tax registries their items are computed from. Quantities are integer thousandths
 * like the stock ledger; money integer cents; tax rates integer hundredths of a percent (18% = 1800).
 */

/**
 * Allowed status transitions (account-wide, seeded). `from_status_id` 0 lists the statuses an order
 * may be created in. `stock_effect`: `invoice` posts the outbound movements of the items (stock
 * leaves), `return` posts them back; reservations follow the target status (`reservesStock` in src/domain/orders/order-statuses.ts).
 */
export const orderStatusTransitions = sqliteTable(
  "order_status_transitions",
  {
    fromStatusId: integer().notNull(),
    toStatusId: integer().notNull(),
    stockEffect: text(),
  },
  (t) => [
    primaryKey({ columns: [t.fromStatusId, t.toStatusId] }),
    check(
      "order_status_transitions_effect",
      sql`${t.stockEffect} IS NULL OR ${t.stockEffect} IN ('invoice', 'return')`,
    ),
  ],
);

/** CST codes of IBS/CBS (the 2026 consumption taxes), account-wide, seeded: `IDNfCstIbsCbs`. */
export const nfCstIbsCbs = sqliteTable("nf_cst_ibs_cbs", {
  id: integer().primaryKey(),
  code: text().notNull(),
  description: text().notNull(),
  /**
   * The default cClassTrib (6 digits) the NF-e's IBSCBS group carries for this CST: from the
   * published cClassTrib table (docs/NFE.md, "IBS/CBS"); its first 3 digits are the CST.
   */
  classTrib: text("class_trib").notNull().default(""),
});

/** Tax profiles: the rates and CST codes an item's taxes are computed from (SKU `TaxProfile` = `code`). */
export const taxProfiles = sqliteTable(
  "tax_profiles",
  {
    id: id(),
    companyId: companyId(),
    code: text().notNull(),
    description: text().notNull(),
    icmsCst: text().notNull(),
    icmsRate: integer().notNull().default(0),
    ipiCst: text().notNull(),
    ipiRate: integer().notNull().default(0),
    pisCst: text().notNull(),
    pisRate: integer().notNull().default(0),
    cofinsCst: text().notNull(),
    cofinsRate: integer().notNull().default(0),
    cstIbsCbsId: integer().notNull(),
    ibsRate: integer().notNull().default(0),
    cbsRate: integer().notNull().default(0),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tax_profiles_company_code").on(t.companyId, t.code)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    companyId: companyId(),
    /** Client-generated key: later statements of the creating batch find the order by it. */
    uid: text().notNull(),
    /** Bumped by every write; a write prepared on an older version breaks the CHECK and is refused. */
    version: integer().notNull().default(0),
    /** `YYYY-MM-DD`, the order date in the company's zone. */
    date: text().notNull(),
    consumerId: integer(),
    orderTypeId: integer(),
    salesChannelId: integer(),
    warehouseId: integer().notNull(),
    statusId: integer().notNull(),
    /** Number of status transitions recorded (the history's last `seq`). */
    statusSeq: integer().notNull().default(1),
    /** 0 stock not moved, 1 moved out (invoiced), 2 returned. */
    stockState: integer().notNull().default(0),
    notes: text(),
    /** Shipping: carrier (a supplier that is a carrier), method, tracking code, volumes and weights. */
    carrierId: integer(),
    shippingMethod: text(),
    trackingCode: text(),
    volumes: integer().notNull().default(0),
    /** Grams. */
    grossWeight: integer().notNull().default(0),
    netWeight: integer().notNull().default(0),
    /** Sum of the items' values (quantity x price - discount), their taxes and their totals. */
    itemsValue: cents(),
    taxTotal: cents(),
    itemsTotal: cents(),
    freight: cents(),
    discount: cents(),
    /** itemsTotal + freight - discount. */
    total: cents(),
    /** Sum of the values of the order's payment titles. */
    paidValue: cents(),
    /** Set by imports: the job and group the order came from (an import never creates it twice). */
    importKey: text(),
    createdBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_company_id").on(t.companyId, t.id),
    index("orders_company_date").on(t.companyId, t.date, t.id),
    index("orders_company_status").on(t.companyId, t.statusId, t.id),
    index("orders_company_consumer").on(t.companyId, t.consumerId, t.id),
    index("orders_company_channel").on(t.companyId, t.salesChannelId, t.id),
    uniqueIndex("orders_uid").on(t.uid),
    uniqueIndex("orders_company_import_key").on(t.companyId, t.importKey),
    check("orders_version", sql`${t.version} >= 0`),
    check("orders_total_not_negative", sql`${t.total} >= 0`),
    check("orders_paid_within_total", sql`${t.paidValue} >= 0 AND ${t.paidValue} <= ${t.total}`),
    check("orders_stock_state", sql`${t.stockState} IN (0, 1, 2)`),
  ],
);

/** Every status change of an order; `seq` = previous + 1, so two concurrent changes cannot both land. */
export const orderStatusHistory = sqliteTable(
  "order_status_history",
  {
    id: id(),
    companyId: companyId(),
    orderId: integer().notNull(),
    seq: integer().notNull(),
    fromStatusId: integer(),
    toStatusId: integer().notNull(),
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_status_history_order_seq").on(t.orderId, t.seq)],
);

/** Order items: each is a SKU movement of the order (`IDSkuMovement`). */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: id(),
    companyId: companyId(),
    orderId: integer().notNull(),
    skuId: integer().notNull(),
    /** Thousandths. */
    quantity: integer().notNull(),
    unitPrice: cents(),
    discount: cents(),
    /** quantity x unitPrice - discount (reverse calculation: the amount less the taxes it contains). */
    value: cents(),
    manualTax: integer().notNull().default(0),
    reverseTaxCalculation: integer().notNull().default(0),
    taxProfileId: integer(),
    icmsCst: text(),
    icmsRate: integer().notNull().default(0),
    icmsValue: cents(),
    ipiCst: text(),
    ipiRate: integer().notNull().default(0),
    ipiValue: cents(),
    pisCst: text(),
    pisRate: integer().notNull().default(0),
    pisValue: cents(),
    cofinsCst: text(),
    cofinsRate: integer().notNull().default(0),
    cofinsValue: cents(),
    cstIbsCbsId: integer(),
    ibsRate: integer().notNull().default(0),
    ibsValue: cents(),
    cbsRate: integer().notNull().default(0),
    cbsValue: cents(),
    taxTotal: cents(),
    /** value + taxTotal. */
    total: cents(),
    /** The ledger movements of the item: posted when invoiced, returned when cancelled after it. */
    outMovementId: integer(),
    returnMovementId: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_items_order").on(t.orderId, t.id),
    uniqueIndex("order_items_out_movement").on(t.outMovementId),
    uniqueIndex("order_items_return_movement").on(t.returnMovementId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Payments of an order: each installment is one receivable title, linked once. */
export const orderPayments = sqliteTable(
  "order_payments",
  {
    id: id(),
    companyId: companyId(),
    orderId: integer().notNull(),
    titleId: integer().notNull(),
    paymentTypeId: integer().notNull(),
    installment: integer().notNull(),
    installments: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_payments_title").on(t.titleId), index("order_payments_order").on(t.orderId)],
);

/**
 * Tracking messages asked for by `PUT /orders/{idorder}` (`Resend`, `TypeMessage`): recorded in the
 * batch of the change; the events area delivers them.
 */
export const orderMessageRequests = sqliteTable(
  "order_message_requests",
  {
    id: id(),
    companyId: companyId(),
    orderId: integer().notNull(),
    typeMessage: text().notNull(),
    statusId: integer().notNull(),
    userId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index("order_message_requests_order").on(t.orderId)],
);
