import { and, asc, eq, getTableColumns, gte, lte, type SQL, sql } from "drizzle-orm";
import {
  orderItems,
  orderMessageRequests,
  orderStatusHistory,
  orders,
  products,
  stockMovements,
  stockReservations,
} from "../../../drizzle/schema";
import { RESERVING_ORDER_STATUSES } from "../../domain/orders/order-statuses";
import type { TransitionPlan } from "../../domain/orders/transitions";
import type { ItemValues, OrderHeader } from "../../domain/orders/types";
import type { ReservationLine } from "../../domain/stock/reservations";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { afterId, eqIf, gteIf, inList, lteIf, type Statement, utcNow } from "../sql";

/**
 * Writes and reads of orders. Every write of an order is one db.batch that starts with the order's
 * version guard (`guardVersion`), so a write prepared on a state another request changed meanwhile
 * breaks the version CHECK and the whole batch is refused. Totals and reservations are recomputed
 * in SQL from the items at the end of each batch (`recomputeTotals`, `syncReservations`), so they
 * always equal what the items say.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type HistoryRow = typeof orderStatusHistory.$inferSelect;

/** An item's values in the order of `ITEM_COLUMNS` (a JSON row of the multi-row inserts). */
export const itemTuple = (i: ItemValues) => [
  i.skuId,
  i.quantity,
  i.unitPrice,
  i.discount,
  i.taxes.value,
  i.manualTax,
  i.reverseTaxCalculation,
  i.taxProfileId,
  i.rates.icmsCst,
  i.rates.icmsRate,
  i.taxes.icmsValue,
  i.rates.ipiCst,
  i.rates.ipiRate,
  i.taxes.ipiValue,
  i.rates.pisCst,
  i.rates.pisRate,
  i.taxes.pisValue,
  i.rates.cofinsCst,
  i.rates.cofinsRate,
  i.taxes.cofinsValue,
  i.rates.cstIbsCbsId,
  i.rates.ibsRate,
  i.taxes.ibsValue,
  i.rates.cbsRate,
  i.taxes.cbsValue,
  i.taxes.taxTotal,
  i.taxes.total,
];

/** The columns of an order item after its company and order, in the order of `itemTuple`. */
export const ITEM_COLUMNS = sql.raw(
  `sku_id, quantity, unit_price, discount, value, manual_tax, reverse_tax_calculation, tax_profile_id,
   icms_cst, icms_rate, icms_value, ipi_cst, ipi_rate, ipi_value, pis_cst, pis_rate, pis_value,
   cofins_cst, cofins_rate, cofins_value, cst_ibs_cbs_id, ibs_rate, ibs_value, cbs_rate, cbs_value, tax_total, total`,
);
const ITEM_VALUES = sql.raw(Array.from({ length: 27 }, (_, k) => `j.value ->> ${k}`).join(", "));

/** Items of one order in one statement (one JSON parameter), in the order given. */
export function insertItemsStatement(
  db: Db,
  companyId: number,
  orderId: SQL | number,
  items: ItemValues[],
): Statement {
  return rawStatement(
    db,
    sql`INSERT INTO order_items (company_id, order_id, ${ITEM_COLUMNS})
      SELECT ${companyId}, ${orderId}, ${ITEM_VALUES} FROM json_each(${JSON.stringify(items.map(itemTuple))}) AS j
      ORDER BY j.key`,
  );
}

export function updateItemStatement(db: Db, companyId: number, itemId: number, i: ItemValues): Statement {
  return db
    .update(orderItems)
    .set({
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      discount: i.discount,
      value: i.taxes.value,
      manualTax: i.manualTax,
      reverseTaxCalculation: i.reverseTaxCalculation,
      taxProfileId: i.taxProfileId,
      icmsCst: i.rates.icmsCst,
      icmsRate: i.rates.icmsRate,
      icmsValue: i.taxes.icmsValue,
      ipiCst: i.rates.ipiCst,
      ipiRate: i.rates.ipiRate,
      ipiValue: i.taxes.ipiValue,
      pisCst: i.rates.pisCst,
      pisRate: i.rates.pisRate,
      pisValue: i.taxes.pisValue,
      cofinsCst: i.rates.cofinsCst,
      cofinsRate: i.rates.cofinsRate,
      cofinsValue: i.taxes.cofinsValue,
      cstIbsCbsId: i.rates.cstIbsCbsId,
      ibsRate: i.rates.ibsRate,
      ibsValue: i.taxes.ibsValue,
      cbsRate: i.rates.cbsRate,
      cbsValue: i.taxes.cbsValue,
      taxTotal: i.taxes.taxTotal,
      total: i.taxes.total,
    })
    .where(and(eq(orderItems.companyId, companyId), eq(orderItems.id, itemId)));
}

/**
 * The version guard, first statement of every change of an existing order: it bumps the version
 * when it is still the one read, and otherwise sets -1, which the CHECK refuses (the batch fails).
 */
export function guardVersion(db: Db, companyId: number, orderId: number, version: number): Statement {
  return rawStatement(
    db,
    sql`UPDATE orders SET version = CASE WHEN version = ${version} THEN version + 1 ELSE -1 END, updated_at = ${utcNow}
      WHERE id = ${orderId} AND company_id = ${companyId}`,
  );
}

/** Header columns of a change (undefined = keep). */
export function updateHeaderStatement(
  db: Db,
  companyId: number,
  orderId: number,
  header: Partial<OrderHeader>,
): Statement | null {
  const set = Object.fromEntries(Object.entries(header).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return null;
  return db
    .update(orders)
    .set(set)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
}

/**
 * A status change: the history row takes seq = the order's last seq + 1 as read by the request
 * (UNIQUE (order, seq): of two concurrent changes only one lands), then the order follows it.
 */
export function statusChangeStatements(
  db: Db,
  companyId: number,
  order: Pick<OrderRow, "id" | "statusSeq">,
  plan: TransitionPlan,
  userId: number | null,
): Statement[] {
  return [
    db.insert(orderStatusHistory).values({
      companyId,
      orderId: order.id,
      seq: order.statusSeq + 1,
      fromStatusId: plan.from,
      toStatusId: plan.to,
      userId,
    }),
    db
      .update(orders)
      .set({ statusId: plan.to, statusSeq: order.statusSeq + 1, stockState: plan.stockState })
      .where(and(eq(orders.companyId, companyId), eq(orders.id, order.id))),
  ];
}

/** Links each item of the order to the movement its posting wrote for it (origin `order`, origin id = item). */
export function linkMovementsStatement(
  db: Db,
  orderId: number,
  uids: string[],
  typeMovement: 0 | 1,
): Statement {
  const column = sql.raw(typeMovement === 1 ? "out_movement_id" : "return_movement_id");
  return rawStatement(
    db,
    sql`UPDATE order_items SET ${column} = (
        SELECT m.id FROM stock_movements m
        WHERE ${inList(sql`m.post_uid`, uids)} AND m.origin = 'order' AND m.origin_id = order_items.id
          AND m.type_movement = ${typeMovement})
      WHERE order_id = ${orderId}`,
  );
}

/** Totals of the order from its items: value, taxes, items total, total (CHECKs: not negative, not below paid). */
export function recomputeTotals(db: Db, orderId: SQL | number): Statement {
  return rawStatement(
    db,
    sql`UPDATE orders SET
        items_value = (SELECT coalesce(sum(value), 0) FROM order_items WHERE order_id = orders.id),
        tax_total = (SELECT coalesce(sum(tax_total), 0) FROM order_items WHERE order_id = orders.id),
        items_total = (SELECT coalesce(sum(total), 0) FROM order_items WHERE order_id = orders.id),
        total = (SELECT coalesce(sum(total), 0) FROM order_items WHERE order_id = orders.id) + freight - discount
      WHERE id = ${orderId}`,
  );
}

/**
 * The order's reservations from its items: one row per SKU while the order's status reserves stock
 * and its stock has not left; none otherwise. They never touch QtyOnStock. `held` is what the order
 * reserved before this batch (read under the order's version guard; none for a new order): a row
 * that holds more than that records the QtyAvailable left after it, and unless the company allows
 * negative stock the CHECK `stock_reservations_available` refuses it below zero, failing the batch.
 * The availability is computed in SQL from the totals and the other orders' reservations as they
 * stand when the batch runs (D1 runs batches one at a time), so concurrent reservations of the last
 * units land only as far as the units go.
 */
export function syncReservations(db: Db, orderId: SQL | number, held: ReservationLine[] = []): Statement[] {
  const before = JSON.stringify(held.map((r) => [r.skuId, r.warehouseId, r.quantity]));
  return [
    releaseReservationsStatement(db, orderId),
    insertReservations(
      db,
      sql`SELECT o.company_id, o.id AS order_id, i.sku_id, o.warehouse_id, sum(i.quantity) AS quantity,
          o.status_id,
          CASE WHEN c.allow_negative_stock = 1 OR sum(i.quantity) <= coalesce((SELECT h.value ->> 2
              FROM json_each(${before}) AS h WHERE h.value ->> 0 = i.sku_id AND h.value ->> 1 = o.warehouse_id), 0)
            THEN 1 ELSE 0 END AS allow
        FROM orders o
        JOIN companies c ON c.id = o.company_id
        JOIN order_items i ON i.order_id = o.id
        WHERE o.id = ${orderId} AND ${inList(sql`o.status_id`, RESERVING_ORDER_STATUSES)} AND o.stock_state = 0
        GROUP BY i.sku_id`,
    ),
  ];
}

/**
 * The order's reservations dropped: what `syncReservations` writes when the order's status, as its
 * batch leaves it, does not reserve (its INSERT would select nothing), in one statement.
 */
export function releaseReservationsStatement(db: Db, orderId: SQL | number): Statement {
  return rawStatement(db, sql`DELETE FROM stock_reservations WHERE order_id = ${orderId}`);
}

/**
 * The one INSERT of reservation rows, for one order (`syncReservations`) or a set of new orders
 * (order-sets.ts). `source` answers `company_id, order_id, sku_id, warehouse_id, quantity, status_id,
 * allow` (1: the row may leave QtyAvailable below zero), at most one row per order, SKU and warehouse.
 * `available_after` is the balance minus every reservation already stored minus the rows of the same
 * SKU and warehouse of this statement up to this one (rows in order id order), so the CHECK
 * `stock_reservations_available` sees each order's reservation as if inserted one at a time.
 */
export function insertReservations(db: Db, source: SQL): Statement {
  return rawStatement(
    db,
    sql`INSERT INTO stock_reservations (company_id, order_id, sku_id, warehouse_id, quantity, status_order_id,
        available_after, allow_negative)
      SELECT x.company_id, x.order_id, x.sku_id, x.warehouse_id, x.quantity, x.status_id,
        coalesce((SELECT b.qty FROM stock_balances b WHERE b.sku_id = x.sku_id AND b.warehouse_id = x.warehouse_id), 0)
          - coalesce((SELECT sum(r.quantity) FROM stock_reservations r
              WHERE r.sku_id = x.sku_id AND r.warehouse_id = x.warehouse_id), 0)
          - sum(x.quantity) OVER (PARTITION BY x.sku_id, x.warehouse_id ORDER BY x.order_id
              ROWS UNBOUNDED PRECEDING),
        x.allow
      FROM (${source}) AS x
      ORDER BY x.order_id, x.sku_id`,
  );
}

/** True when a batch failed on the reservation CHECK (a reservation beyond QtyAvailable). */
export function isReservationRefused(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return text.includes("stock_reservations_available");
}

/** What the order reserves now (one row per SKU and warehouse). */
export async function reservationsOfOrder(
  db: Db,
  companyId: number,
  orderId: number,
): Promise<ReservationLine[]> {
  return db
    .select({
      skuId: stockReservations.skuId,
      warehouseId: stockReservations.warehouseId,
      quantity: stockReservations.quantity,
    })
    .from(stockReservations)
    .where(and(eq(stockReservations.companyId, companyId), eq(stockReservations.orderId, orderId)));
}

export function messageRequestStatement(
  db: Db,
  companyId: number,
  orderId: number,
  typeMessage: string,
  statusId: SQL,
  userId: number | null,
): Statement {
  return db.insert(orderMessageRequests).values({ companyId, orderId, typeMessage, statusId, userId });
}

export const currentStatusOf = (orderId: number): SQL =>
  sql`(SELECT status_id FROM orders WHERE id = ${orderId})`;

export async function findOrder(db: Db, companyId: number, orderId: number): Promise<OrderRow | undefined> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)))
    .get();
}

/** An item with the code and name of its SKU. */
export type OrderItemView = OrderItemRow & { skuCode: string | null; skuName: string };

const itemView = { ...getTableColumns(orderItems), skuCode: products.code, skuName: products.name };

export async function itemsOfOrder(db: Db, companyId: number, orderId: number): Promise<OrderItemView[]> {
  return db
    .select(itemView)
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.skuId))
    .where(and(eq(orderItems.companyId, companyId), eq(orderItems.orderId, orderId)))
    .orderBy(asc(orderItems.id));
}

export async function itemsByIds(db: Db, companyId: number, itemIds: number[]): Promise<OrderItemView[]> {
  if (itemIds.length === 0) return [];
  return db
    .select(itemView)
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.skuId))
    .where(and(eq(orderItems.companyId, companyId), inList(orderItems.id, itemIds)))
    .orderBy(asc(orderItems.id));
}

/** Unit cost of the given movements (the cost an invoiced item left at, for its return). */
export async function movementCosts(db: Db, companyId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: stockMovements.id, unitCost: stockMovements.unitCost })
    .from(stockMovements)
    .where(and(eq(stockMovements.companyId, companyId), inList(stockMovements.id, ids)));
  return new Map(rows.map((r) => [r.id, r.unitCost]));
}

export async function findItem(
  db: Db,
  companyId: number,
  orderId: number,
  itemId: number,
): Promise<OrderItemRow | undefined> {
  return db
    .select()
    .from(orderItems)
    .where(
      and(eq(orderItems.companyId, companyId), eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)),
    )
    .get();
}

export async function historyOfOrder(db: Db, companyId: number, orderId: number): Promise<HistoryRow[]> {
  return db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.companyId, companyId), eq(orderStatusHistory.orderId, orderId)))
    .orderBy(asc(orderStatusHistory.seq));
}

export type OrderFilters = {
  dateFrom?: string;
  dateTo?: string;
  statusId?: number;
  consumerId?: number;
  salesChannelId?: number;
  lastId?: number;
};

/** The conditions both order lists share: the company's orders after `lastId` in the date range and status. */
function pageOfOrders(companyId: number, filters: OrderFilters): (SQL | undefined)[] {
  return [
    eq(orders.companyId, companyId),
    afterId(orders.id, filters.lastId),
    gteIf(orders.date, filters.dateFrom),
    lteIf(orders.date, filters.dateTo),
    eqIf(orders.statusId, filters.statusId),
  ];
}

/** A page of orders in ascending id after `lastId`: each filter has its (company, filter, id) index. */
export async function listOrders(
  db: Db,
  companyId: number,
  filters: OrderFilters,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        ...pageOfOrders(companyId, filters),
        eqIf(orders.consumerId, filters.consumerId),
        eqIf(orders.salesChannelId, filters.salesChannelId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** A page of orders with their shipping data and the quantity of their items. */
export async function listPackages(
  db: Db,
  companyId: number,
  filters: OrderFilters & { carrierId?: number },
  limit: number,
) {
  return db
    .select({
      order: orders,
      items: sql<number>`(SELECT count(*) FROM order_items oi WHERE oi.order_id = "orders"."id")`.as(
        "items_count",
      ),
      quantity:
        sql<number>`(SELECT coalesce(sum(oi.quantity), 0) FROM order_items oi WHERE oi.order_id = "orders"."id")`.as(
          "items_quantity",
        ),
    })
    .from(orders)
    .where(and(...pageOfOrders(companyId, filters), eqIf(orders.carrierId, filters.carrierId)))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Count and total of the company's orders per status, for orders dated in the range. */
export async function countsByStatus(db: Db, companyId: number, dateFrom: string, dateTo: string) {
  return db
    .select({
      statusId: orders.statusId,
      count: sql<number>`count(*)`,
      total: sql<number>`coalesce(sum(${orders.total}), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), gte(orders.date, dateFrom), lte(orders.date, dateTo)))
    .groupBy(orders.statusId);
}
