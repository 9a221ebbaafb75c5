import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { consumers, orders, orderTypes, suppliers, warehouses } from "../../../drizzle/schema";
import { RESERVING_ORDER_STATUSES } from "../../domain/orders/order-statuses";
import type { ItemValues, OrderHeader } from "../../domain/orders/types";
import { TITLE_STATUS } from "../../domain/titles/statuses";
import type { Db } from "../../env";
import { jsonLists } from "../../lib/json-lists";
import { rawStatement } from "../raw-statement";
import { inGroups, inList, type Statement } from "../sql";
import { ITEM_COLUMNS, insertReservations, itemTuple } from "./orders";

/**
 * Writes of many NEW orders at once (`createOrders`): each table's rows of a set of orders go in
 * one multi-row statement reading its rows from one JSON parameter (`json_each`), cut in parts of
 * at most `MAX_JSON_BYTES` so no statement passes D1's 100 KB, with two or three bound parameters
 * each (D1 allows 100). Every row refers to its order by the order's uid, so the orders' ids are
 * never needed before the batch. An order whose import key the company already has is not inserted
 * (`ON CONFLICT DO NOTHING`), and then neither are its items, history, titles nor reservations:
 * they are all joined to the inserted order row.
 */

/** A new order as its set writes it. */
export type NewOrderRow = {
  uid: string;
  header: OrderHeader;
  statusId: number;
  userId: number | null;
  importKey: string | null;
  items: ItemValues[];
  /** What it reserves (one line per SKU; none when its status does not reserve). */
  reservations: { skuId: number; quantity: number }[];
  titles: NewPaymentTitle[];
};

/** A receivable title of a new order's payment, one per installment. */
export type NewPaymentTitle = {
  uid: string;
  dueDate: string;
  value: number;
  paymentTypeId: number;
  bankAccountId: number | null;
  installment: number;
  installments: number;
};

const orderTuple = (o: NewOrderRow) => [
  o.uid,
  o.header.date,
  o.header.consumerId,
  o.header.orderTypeId,
  o.header.salesChannelId,
  o.header.warehouseId,
  o.statusId,
  o.header.notes,
  o.header.carrierId,
  o.header.shippingMethod,
  o.header.trackingCode,
  o.header.volumes,
  o.header.grossWeight,
  o.header.netWeight,
  o.header.freight,
  o.header.discount,
  o.importKey,
  o.userId,
];

const itemRow = (uid: string, i: ItemValues) => [uid, ...itemTuple(i)];

const columnsOf = (from: number, count: number) =>
  sql.raw(Array.from({ length: count }, (_, k) => `j.value ->> ${from + k}`).join(", "));

/** The uids of `list` as one JSON list: `uid IN (...)` of the orders a statement touches. */
const uidList = (column: SQL, uids: string[]) => inList(column, uids);

/**
 * The statements that create `set` (all of one company): orders (status seq 1, stock not moved),
 * items in the order given, the first history row, the totals from the items, the payment titles
 * linked to their order and the order's PaidValue, and the reservations of the orders whose status
 * reserves stock. Each reservation row records the QtyAvailable left after it, counting the rows
 * of the same SKU and warehouse written before it in the same statement (`sum() OVER`), so the
 * CHECK `stock_reservations_available` refuses the batch if another request took the units meanwhile.
 */
export function newOrdersStatements(db: Db, companyId: number, set: NewOrderRow[]): Statement[] {
  if (set.length === 0) return [];
  const statements: Statement[] = [];
  for (const part of jsonLists(set.map(orderTuple))) {
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO orders (company_id, uid, date, consumer_id, order_type_id, sales_channel_id, warehouse_id,
            status_id, notes, carrier_id, shipping_method, tracking_code, volumes, gross_weight, net_weight,
            freight, discount, import_key, created_by)
          SELECT ${companyId}, ${columnsOf(0, 18)} FROM json_each(${part}) AS j WHERE true ORDER BY j.key
          ON CONFLICT DO NOTHING`,
      ),
    );
  }
  const items = set.flatMap((o) => o.items.map((i) => itemRow(o.uid, i)));
  for (const part of jsonLists(items)) {
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO order_items (company_id, order_id, ${ITEM_COLUMNS})
          SELECT ${companyId}, o.id, ${columnsOf(1, 27)}
          FROM json_each(${part}) AS j JOIN orders o ON o.uid = j.value ->> 0
          ORDER BY j.key`,
      ),
    );
  }
  for (const group of inGroups(set, 1000)) {
    const uids = group.map((o) => o.uid);
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO order_status_history (company_id, order_id, seq, from_status_id, to_status_id, user_id)
          SELECT ${companyId}, o.id, 1, NULL, o.status_id, o.created_by FROM orders o
          WHERE ${uidList(sql`o.uid`, uids)} ORDER BY o.id`,
      ),
      rawStatement(
        db,
        sql`UPDATE orders SET
            items_value = (SELECT coalesce(sum(value), 0) FROM order_items WHERE order_id = orders.id),
            tax_total = (SELECT coalesce(sum(tax_total), 0) FROM order_items WHERE order_id = orders.id),
            items_total = (SELECT coalesce(sum(total), 0) FROM order_items WHERE order_id = orders.id),
            total = (SELECT coalesce(sum(total), 0) FROM order_items WHERE order_id = orders.id) + freight - discount
          WHERE ${uidList(sql`uid`, uids)}`,
      ),
    );
  }
  statements.push(...paymentTitleStatements(db, companyId, set));
  statements.push(...reservationStatements(db, set));
  return statements;
}

/**
 * Titles (one per installment, described `Pedido <id> - parcela <n>/<N>` like a single order's),
 * their links to the order, then PaidValue from the live titles (CHECK: never above the total).
 */
function paymentTitleStatements(db: Db, companyId: number, set: NewOrderRow[]): Statement[] {
  const paying = set.filter((o) => o.titles.length > 0);
  if (paying.length === 0) return [];
  const rows = paying.flatMap((o) =>
    o.titles.map((t) => [
      o.uid,
      t.uid,
      t.dueDate,
      t.value,
      t.paymentTypeId,
      t.bankAccountId,
      t.installment,
      t.installments,
      o.header.consumerId,
    ]),
  );
  const statements: Statement[] = [];
  for (const part of jsonLists(rows)) {
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO titles (company_id, uid, type_account, description, value, open_value, due_date,
            consumer_id, payment_type_id, bank_account_id, status)
          SELECT ${companyId}, j.value ->> 1, 0,
            'Pedido ' || o.id || ' - parcela ' || (j.value ->> 6) || '/' || (j.value ->> 7),
            j.value ->> 3, j.value ->> 3, j.value ->> 2, j.value ->> 8, j.value ->> 4, j.value ->> 5, ${TITLE_STATUS.open}
          FROM json_each(${part}) AS j JOIN orders o ON o.uid = j.value ->> 0
          ORDER BY j.key`,
      ),
      rawStatement(
        db,
        sql`INSERT INTO order_payments (company_id, order_id, title_id, payment_type_id, installment, installments)
          SELECT ${companyId}, o.id, t.id, j.value ->> 4, j.value ->> 6, j.value ->> 7
          FROM json_each(${part}) AS j JOIN orders o ON o.uid = j.value ->> 0 JOIN titles t ON t.uid = j.value ->> 1
          ORDER BY j.key`,
      ),
    );
  }
  for (const group of inGroups(paying, 1000)) {
    statements.push(
      rawStatement(
        db,
        sql`UPDATE orders SET paid_value = (
            SELECT coalesce(sum(t.value), 0) FROM order_payments op JOIN titles t ON t.id = op.title_id
            WHERE op.order_id = orders.id AND t.status <> 0)
          WHERE ${uidList(
            sql`uid`,
            group.map((o) => o.uid),
          )}`,
      ),
    );
  }
  return statements;
}

/**
 * The reservations of the new orders whose status reserves stock, one row per order and SKU
 * (`insertReservations`: earlier orders of the set come first in each SKU's availability).
 */
function reservationStatements(db: Db, set: NewOrderRow[]): Statement[] {
  const rows = set.flatMap((o) => o.reservations.map((r) => [o.uid, r.skuId, r.quantity]));
  if (rows.length === 0) return [];
  return jsonLists(rows).map((part) =>
    insertReservations(
      db,
      sql`SELECT o.company_id, o.id AS order_id, j.value ->> 1 AS sku_id, o.warehouse_id,
          j.value ->> 2 AS quantity, o.status_id, c.allow_negative_stock AS allow
        FROM json_each(${part}) AS j
        JOIN orders o ON o.uid = j.value ->> 0
        JOIN companies c ON c.id = o.company_id
        WHERE ${inList(sql`o.status_id`, RESERVING_ORDER_STATUSES)} AND o.stock_state = 0`,
    ),
  );
}

/**
 * Id, uid and import key of the company's orders with one of these uids or import keys: two
 * lookups, each on its unique index (an OR of both lists would scan the company's orders).
 */
export async function ordersByUidsOrImportKeys(
  db: Db,
  companyId: number,
  uids: string[],
  importKeys: string[],
): Promise<{ id: number; uid: string; importKey: string | null }[]> {
  const columns = { id: orders.id, uid: orders.uid, importKey: orders.importKey };
  const [byUid, byKey] = await Promise.all([
    uids.length === 0
      ? []
      : db
          .select(columns)
          .from(orders)
          .where(and(eq(orders.companyId, companyId), inList(orders.uid, uids))),
    importKeys.length === 0
      ? []
      : db
          .select(columns)
          .from(orders)
          .where(and(eq(orders.companyId, companyId), inList(orders.importKey, importKeys))),
  ]);
  return [...byUid, ...byKey];
}

type ScopedTable = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn; status: SQLiteColumn };

async function activeIds(
  db: Db,
  table: ScopedTable,
  companyId: number,
  ids: Iterable<number>,
  extra?: SQL,
): Promise<Set<number>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(and(eq(table.companyId, companyId), eq(table.status, 1), inList(table.id, list), extra));
  return new Set(rows.map((row) => row.id as number));
}

/** The references orders may name, as sets of the ids that are active rows of the company. */
export type ExistingOrderReferences = {
  consumer: Set<number>;
  orderType: Set<number>;
  warehouse: Set<number>;
  carrier: Set<number>;
};

/** Which of the given consumers, order types, warehouses and carriers exist (as `missingOrderReference` judges one). */
export async function existingOrderReferences(
  db: Db,
  companyId: number,
  refs: { consumer: number[]; orderType: number[]; warehouse: number[]; carrier: number[] },
): Promise<ExistingOrderReferences> {
  const [consumer, orderType, warehouse, carrier] = await Promise.all([
    activeIds(db, consumers, companyId, refs.consumer),
    activeIds(db, orderTypes, companyId, refs.orderType),
    activeIds(db, warehouses, companyId, refs.warehouse),
    activeIds(db, suppliers, companyId, refs.carrier, eq(suppliers.isCarrier, 1)),
  ]);
  return { consumer, orderType, warehouse, carrier };
}
