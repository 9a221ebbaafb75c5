import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  paymentTypes,
  products,
  purchaseItems,
  purchaseReceipts,
  purchaseSchedules,
  purchaseStatuses,
  purchases,
  purchaseTitles,
  suppliers,
  titles,
  warehouses,
} from "../../../drizzle/schema";
import { PURCHASE_STATUS } from "../../domain/purchases/statuses";
import type { PurchaseFilters } from "../../domain/purchases/types";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { eqIf, gteIf, inGroups, lteIf, onPage, type Statement, utcNow } from "../sql";

/** Purchases: header, delivery schedules and items written in one batch, found by the header's uid. */

export type PurchaseRow = typeof purchases.$inferSelect;
export type PurchaseItemRow = typeof purchaseItems.$inferSelect;
export type PurchaseScheduleRow = typeof purchaseSchedules.$inferSelect;
export type PurchaseStatusRow = typeof purchaseStatuses.$inferSelect;

export type PurchaseHeader = {
  origin: string;
  supplierId: number | null;
  warehouseId: number;
  statusId: number;
  paymentTypeId: number | null;
  installments: number;
  orderId: number | null;
  chNfe: string | null;
  nfeNumber: number | null;
  description: string | null;
  startTime: string;
  parentPurchaseId: number | null;
  productionId: number | null;
  createdBy: number | null;
};

/** An item as written: quantity in thousandths, cost in cents, optional due date (its schedule). */
export type PurchaseItemValues = {
  skuId: number;
  quantity: number;
  unitCost: number;
  dueDate: string | null;
  /** Set only for documents received as they are written (production): received = counted. */
  receivedQty?: number | null;
};

/** SQL of the id of the purchase inserted under `uid` (earlier in the same batch). */
export const purchaseIdByUid = (uid: string) => sql`(SELECT id FROM purchases WHERE uid = ${uid})`;

export function insertPurchaseStatement(
  db: Db,
  companyId: number,
  uid: string,
  header: PurchaseHeader,
): Statement {
  return db.insert(purchases).values({ ...header, companyId, uid });
}

const ITEMS_PER_STATEMENT = 2000;

/**
 * Schedules (one per distinct due date) and items of the purchase `uid`. Items look their schedule
 * up by date; `guard` (SQL true/false) lets an edit write only while it still holds the purchase.
 */
export function itemStatements(
  db: Db,
  companyId: number,
  uid: string,
  items: PurchaseItemValues[],
  guard: SQL = sql`1`,
): Statement[] {
  const out: Statement[] = [];
  const dates = [...new Set(items.flatMap((i) => (i.dueDate ? [i.dueDate] : [])))];
  if (dates.length > 0) {
    out.push(
      rawStatement(
        db,
        sql`INSERT INTO purchase_schedules (company_id, purchase_id, due_date)
          SELECT ${companyId}, ${purchaseIdByUid(uid)}, j.value FROM json_each(${JSON.stringify(dates)}) AS j
          WHERE ${guard} ORDER BY j.value`,
      ),
    );
  }
  for (const [group, start] of inGroups(items, ITEMS_PER_STATEMENT).map(
    (g, i) => [g, i * ITEMS_PER_STATEMENT] as const,
  )) {
    const json = JSON.stringify(
      group.map((i, n) => [start + n, i.skuId, i.quantity, i.unitCost, i.dueDate, i.receivedQty ?? null]),
    );
    out.push(
      rawStatement(
        db,
        sql`INSERT INTO purchase_items (company_id, purchase_id, line, sku_id, quantity, unit_cost, schedule_id, received_qty, counted_qty)
          SELECT ${companyId}, p.id, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3,
            (SELECT s.id FROM purchase_schedules s WHERE s.purchase_id = p.id AND s.due_date = j.value ->> 4),
            j.value ->> 5, j.value ->> 5
          FROM json_each(${json}) AS j JOIN purchases p ON p.uid = ${uid}
          WHERE ${guard} ORDER BY j.key`,
      ),
    );
  }
  return out;
}

export async function findPurchase(db: Db, companyId: number, id: number): Promise<PurchaseRow | undefined> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.companyId, companyId)))
    .get();
}

export async function purchaseByUid(db: Db, uid: string): Promise<PurchaseRow | undefined> {
  return db.select().from(purchases).where(eq(purchases.uid, uid)).get();
}

export type PurchaseItemView = PurchaseItemRow & {
  skuCode: string | null;
  skuName: string;
  batchControl: number;
  unit: string;
  decimalQuantity: number;
  /** 1 while the SKU is active and not deleted: only then does it move stock. */
  skuActive: number;
  dueDate: string | null;
};

export async function purchaseItemsOf(db: Db, purchaseId: number): Promise<PurchaseItemView[]> {
  const rows = await db
    .select({
      item: purchaseItems,
      skuCode: products.code,
      skuName: products.name,
      batchControl: products.batchControl,
      unit: products.unit,
      decimalQuantity: products.decimalQuantity,
      skuActive: sql<number>`${products.isActive} = 1 AND ${products.status} = 1`,
      dueDate: purchaseSchedules.dueDate,
    })
    .from(purchaseItems)
    .innerJoin(products, eq(products.id, purchaseItems.skuId))
    .leftJoin(purchaseSchedules, eq(purchaseSchedules.id, purchaseItems.scheduleId))
    .where(eq(purchaseItems.purchaseId, purchaseId))
    .orderBy(asc(purchaseItems.line));
  return rows.map(({ item, ...rest }) => ({ ...item, ...rest }));
}

export async function schedulesOf(db: Db, purchaseId: number): Promise<PurchaseScheduleRow[]> {
  return db
    .select()
    .from(purchaseSchedules)
    .where(eq(purchaseSchedules.purchaseId, purchaseId))
    .orderBy(asc(purchaseSchedules.dueDate));
}

export type PurchaseReceiptRow = typeof purchaseReceipts.$inferSelect;

export async function receiptOf(db: Db, purchaseId: number): Promise<PurchaseReceiptRow | undefined> {
  return db.select().from(purchaseReceipts).where(eq(purchaseReceipts.purchaseId, purchaseId)).get();
}

export type PurchasePayable = {
  installment: number;
  titleId: number;
  value: number;
  openValue: number;
  dueDate: string;
  status: number;
};

export async function payablesOf(db: Db, purchaseId: number): Promise<PurchasePayable[]> {
  return db
    .select({
      installment: purchaseTitles.installment,
      titleId: purchaseTitles.titleId,
      value: titles.value,
      openValue: titles.openValue,
      dueDate: titles.dueDate,
      status: titles.status,
    })
    .from(purchaseTitles)
    .innerJoin(titles, eq(titles.id, purchaseTitles.titleId))
    .where(eq(purchaseTitles.purchaseId, purchaseId))
    .orderBy(asc(purchaseTitles.installment));
}

/** Names shown beside the ids of a purchase header. */
export type PurchaseNames = {
  supplierName: string | null;
  warehouseName: string | null;
  paymentTypeName: string | null;
};

export type PurchaseListRow = PurchaseRow &
  PurchaseNames & { itemsCount: number; totalCents: number; received: number; nextDueDate: string | null };

const headerColumns = {
  purchase: purchases,
  supplierName: suppliers.name,
  warehouseName: warehouses.name,
  paymentTypeName: paymentTypes.description,
  itemsCount: sql<number>`(SELECT count(*) FROM purchase_items i WHERE i.purchase_id = ${purchases.id})`,
  totalCents: sql<number>`(SELECT coalesce(sum((i.quantity * i.unit_cost + 500) / 1000), 0) FROM purchase_items i WHERE i.purchase_id = ${purchases.id})`,
  received: sql<number>`EXISTS (SELECT 1 FROM purchase_receipts r WHERE r.purchase_id = ${purchases.id})`,
  nextDueDate: sql<
    string | null
  >`(SELECT min(s.due_date) FROM purchase_schedules s WHERE s.purchase_id = ${purchases.id})`,
};

function headerQuery(db: Db) {
  return db
    .select(headerColumns)
    .from(purchases)
    .leftJoin(suppliers, eq(suppliers.id, purchases.supplierId))
    .leftJoin(warehouses, eq(warehouses.id, purchases.warehouseId))
    .leftJoin(paymentTypes, eq(paymentTypes.id, purchases.paymentTypeId));
}

const flatten = (r: Awaited<ReturnType<ReturnType<typeof headerQuery>["all"]>>[number]): PurchaseListRow => ({
  ...r.purchase,
  supplierName: r.supplierName,
  warehouseName: r.warehouseName,
  paymentTypeName: r.paymentTypeName,
  itemsCount: Number(r.itemsCount),
  totalCents: Number(r.totalCents),
  received: Number(r.received),
  nextDueDate: r.nextDueDate,
});

export async function purchaseHeader(
  db: Db,
  companyId: number,
  id: number,
): Promise<PurchaseListRow | undefined> {
  const row = await headerQuery(db)
    .where(and(eq(purchases.id, id), eq(purchases.companyId, companyId)))
    .get();
  return row ? flatten(row) : undefined;
}

/**
 * Filters of GET /purchase. The schedule status is derived here as the domain defines it: 1 the
 * purchase was received; 2/3/4 only for purchases still open (statuses 0 to 7) and not received,
 * with a schedule due from today on (2), one due before today (3), an item without schedule (4).
 */
export async function listPurchases(
  db: Db,
  companyId: number,
  filters: PurchaseFilters,
  today: string,
): Promise<PurchaseListRow[]> {
  const open = sql`${purchases.statusId} BETWEEN ${PURCHASE_STATUS.draft} AND ${PURCHASE_STATUS.awaitingCheck} AND NOT EXISTS (SELECT 1 FROM purchase_receipts r WHERE r.purchase_id = ${purchases.id})`;
  const scheduleCondition: Record<number, SQL> = {
    1: sql`EXISTS (SELECT 1 FROM purchase_receipts r WHERE r.purchase_id = ${purchases.id})`,
    2: sql`${open} AND EXISTS (SELECT 1 FROM purchase_schedules s WHERE s.purchase_id = ${purchases.id} AND s.due_date >= ${today})`,
    3: sql`${open} AND EXISTS (SELECT 1 FROM purchase_schedules s WHERE s.purchase_id = ${purchases.id} AND s.due_date < ${today})`,
    4: sql`${open} AND EXISTS (SELECT 1 FROM purchase_items i WHERE i.purchase_id = ${purchases.id} AND i.schedule_id IS NULL)`,
  };
  const conditions: (SQL | undefined)[] = [
    eq(purchases.companyId, companyId),
    eqIf(purchases.id, filters.id),
    eqIf(purchases.statusId, filters.statusId),
    eqIf(purchases.supplierId, filters.supplierId),
    eqIf(purchases.warehouseId, filters.warehouseId),
    eqIf(purchases.orderId, filters.orderId),
    gteIf(purchases.chNfe, filters.chNfeFrom),
    gteIf(purchases.nfeNumber, filters.nfeNumberFrom),
    gteIf(purchases.startTime, filters.startTimeFrom),
    lteIf(purchases.startTime, filters.startTimeTo),
    gteIf(purchases.updatedAt, filters.sinceRecordTimestamp),
    filters.scheduleStatus !== undefined ? scheduleCondition[filters.scheduleStatus] : undefined,
  ];
  const rows = await onPage(
    headerQuery(db)
      .where(and(...conditions))
      .orderBy(desc(purchases.startTime), desc(purchases.id)),
    filters.page,
  );
  return rows.map(flatten);
}

export async function listPurchaseStatuses(db: Db): Promise<PurchaseStatusRow[]> {
  return db.select().from(purchaseStatuses).orderBy(asc(purchaseStatuses.id));
}

/**
 * An edit of the header (and, when `items` is given, the replacement of schedules and items). The
 * first statement takes the purchase (version + 1, writeUid) only while it is still at the version
 * read and, unless only the status changes (a received purchase may still be closed or returned),
 * not received; the others run only while that write holds, so an edit that lost a race
 * against another edit or the check writes nothing.
 */
export function editStatements(
  db: Db,
  companyId: number,
  purchase: { id: number; uid: string; version: number },
  writeUid: string,
  changes: Partial<PurchaseHeader>,
  items: PurchaseItemValues[] | undefined,
  { statusOnly = false }: { statusOnly?: boolean } = {},
): Statement[] {
  const holds = sql`(SELECT write_uid FROM purchases WHERE id = ${purchase.id}) = ${writeUid}`;
  const out: Statement[] = [
    db
      .update(purchases)
      .set({ ...changes, version: sql`${purchases.version} + 1`, writeUid, updatedAt: utcNow })
      .where(
        and(
          eq(purchases.id, purchase.id),
          eq(purchases.companyId, companyId),
          eq(purchases.version, purchase.version),
          statusOnly
            ? undefined
            : sql`NOT EXISTS (SELECT 1 FROM purchase_receipts r WHERE r.purchase_id = ${purchase.id})`,
        ),
      ),
  ];
  if (items) {
    out.push(
      rawStatement(db, sql`DELETE FROM purchase_items WHERE purchase_id = ${purchase.id} AND ${holds}`),
      rawStatement(db, sql`DELETE FROM purchase_schedules WHERE purchase_id = ${purchase.id} AND ${holds}`),
      ...itemStatements(db, companyId, purchase.uid, items, holds),
    );
  }
  return out;
}

export async function supplierExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, id), eq(suppliers.companyId, companyId), eq(suppliers.status, 1)))
    .get();
  return row !== undefined;
}

export async function paymentTypeExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const row = await db
    .select({ id: paymentTypes.id })
    .from(paymentTypes)
    .where(and(eq(paymentTypes.id, id), eq(paymentTypes.companyId, companyId), eq(paymentTypes.status, 1)))
    .get();
  return row !== undefined;
}
