import { findCompany } from "../../db/identity";
import { findOrder } from "../../db/orders/orders";
import {
  editStatements,
  findPurchase,
  insertPurchaseStatement,
  itemStatements,
  listPurchases as listPurchaseRows,
  listPurchaseStatuses,
  type PurchaseHeader,
  type PurchaseItemValues,
  type PurchaseItemView,
  type PurchaseListRow,
  type PurchasePayable,
  type PurchaseReceiptRow,
  type PurchaseScheduleRow,
  payablesOf,
  paymentTypeExists,
  purchaseByUid,
  purchaseHeader,
  purchaseItemsOf,
  receiptOf,
  schedulesOf,
  supplierExists,
} from "../../db/purchases/purchases";
import type { Statement } from "../../db/sql";
import { skusByIds, warehouseRows } from "../../db/stock/registry";
import type { Actor, Db } from "../../env";
import { DEFAULT_TIME_ZONE, isValidDate, nowIn, todayIn } from "../../lib/dates";
import { badRequest, isConstraintError } from "../../lib/errors";
import { ORDER_NOT_FOUND } from "../orders/messages";
import { quantityProblem, toMilli } from "../stock/quantities";
import {
  DUE_DATE_INVALID,
  itemError,
  PAYMENT_TYPE_NOT_FOUND,
  PURCHASE_CH_NFE_DUPLICATE,
  PURCHASE_CHANGED_CONCURRENTLY,
  PURCHASE_ITEMS_REQUIRED,
  PURCHASE_NOT_EDITABLE,
  PURCHASE_NOT_FOUND,
  PURCHASE_STATUS_BY_CHECK,
  PURCHASE_STATUS_NOT_FOUND,
  PURCHASE_SUPPLIER_REQUIRED,
  PURCHASE_WAREHOUSE_REQUIRED,
  purchaseInitialStatus,
  purchaseTransition,
  SUPPLIER_NOT_FOUND,
  UNIT_COST_NEGATIVE,
  WAREHOUSE_INACTIVE,
  WAREHOUSE_NOT_FOUND,
} from "./messages";
import { scheduleStatus } from "./schedule-status";
import { canMove, isInitialStatus, nextStatuses, PURCHASE_STATUS, purchaseStatus } from "./statuses";
import type { PurchaseFilters } from "./types";

/** An item as the API (or an NF-e import) sends it: quantity as a decimal number, cost in cents. */
export type PurchaseItemInput = {
  skuId: number;
  quantity: number;
  unitCost: number;
  /** Delivery due date `YYYY-MM-DD`; items of one date share a schedule. Null: not scheduled. */
  dueDate?: string | null;
};

/** A purchase as the API (or an NF-e import) sends it. */
export type PurchaseInput = {
  supplierId: number | null;
  warehouseId: number | null;
  /** 0 to 7; default 0 (draft). */
  statusId?: number;
  paymentTypeId?: number | null;
  /** 1 to 120; default 1. */
  installments?: number;
  orderId?: number | null;
  chNfe?: string | null;
  nfeNumber?: number | null;
  /** `YYYY-MM-DD HH:MM:SS` in the company's zone; default now. */
  startTime?: string | null;
  description?: string | null;
  items: PurchaseItemInput[];
};

export type PurchaseDetail = {
  header: PurchaseListRow;
  items: (PurchaseItemView & { scheduleStatus: number })[];
  schedules: (PurchaseScheduleRow & { status: number })[];
  payables: PurchasePayable[];
  receipt: PurchaseReceiptRow | null;
};

export async function companyZone(db: Db, companyId: number): Promise<string> {
  return (await findCompany(db, companyId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

async function checkWarehouse(db: Db, companyId: number, warehouseId: number | null): Promise<number> {
  if (warehouseId === null) throw badRequest(PURCHASE_WAREHOUSE_REQUIRED);
  const warehouse = await warehouseRows.find(db, companyId, warehouseId);
  if (!warehouse) throw badRequest(WAREHOUSE_NOT_FOUND);
  if (warehouse.isActive !== 1) throw badRequest(WAREHOUSE_INACTIVE);
  return warehouseId;
}

/** Validates items against the SKU registry and answers them in thousandths and cents. */
export async function checkItems(
  db: Db,
  companyId: number,
  items: PurchaseItemInput[],
): Promise<PurchaseItemValues[]> {
  if (items.length === 0) throw badRequest(PURCHASE_ITEMS_REQUIRED);
  const skus = await skusByIds(
    db,
    companyId,
    items.map((i) => i.skuId),
  );
  return items.map((item, index) => {
    const fail = (message: string) => badRequest(itemError(index, message));
    const sku = skus.get(item.skuId);
    if (!sku) throw fail("SKU não existe");
    const problem = quantityProblem(item.quantity, sku);
    if (problem) throw fail(problem);
    if (!Number.isInteger(item.unitCost) || item.unitCost < 0) throw fail(UNIT_COST_NEGATIVE);
    const dueDate = item.dueDate ?? null;
    if (dueDate !== null && !isValidDate(dueDate)) throw fail(DUE_DATE_INVALID);
    return { skuId: item.skuId, quantity: toMilli(item.quantity), unitCost: item.unitCost, dueDate };
  });
}

async function checkReferences(
  db: Db,
  companyId: number,
  refs: { supplierId?: number | null; paymentTypeId?: number | null; orderId?: number | null },
): Promise<void> {
  if (refs.orderId != null && !(await findOrder(db, companyId, refs.orderId)))
    throw badRequest(ORDER_NOT_FOUND);
  if (refs.supplierId != null && !(await supplierExists(db, companyId, refs.supplierId)))
    throw badRequest(SUPPLIER_NOT_FOUND);
  if (refs.paymentTypeId != null && !(await paymentTypeExists(db, companyId, refs.paymentTypeId)))
    throw badRequest(PAYMENT_TYPE_NOT_FOUND);
}

/** The statements that write a purchase (header, schedules, items) under `uid`, for a caller's batch. */
export function purchaseStatements(
  db: Db,
  companyId: number,
  uid: string,
  header: PurchaseHeader,
  items: PurchaseItemValues[],
): Statement[] {
  return [insertPurchaseStatement(db, companyId, uid, header), ...itemStatements(db, companyId, uid, items)];
}

/**
 * Creates a purchase: supplier, warehouse, payment terms, items and their delivery schedules, in
 * one batch. The one way a purchase is created (the API, NF-e imports, a check's surplus).
 */
export async function createPurchase(db: Db, caller: Actor, input: PurchaseInput): Promise<PurchaseDetail> {
  if (input.supplierId === null) throw badRequest(PURCHASE_SUPPLIER_REQUIRED);
  const statusId = input.statusId ?? PURCHASE_STATUS.draft;
  if (!purchaseStatus(statusId)) throw badRequest(PURCHASE_STATUS_NOT_FOUND);
  if (!isInitialStatus(statusId)) throw badRequest(purchaseInitialStatus(statusId));
  await checkReferences(db, caller.companyId, input);
  const warehouseId = await checkWarehouse(db, caller.companyId, input.warehouseId);
  const items = await checkItems(db, caller.companyId, input.items);
  const zone = await companyZone(db, caller.companyId);
  const uid = crypto.randomUUID();
  const header: PurchaseHeader = {
    origin: "purchase",
    supplierId: input.supplierId,
    warehouseId,
    statusId,
    paymentTypeId: input.paymentTypeId ?? null,
    installments: input.installments ?? 1,
    orderId: input.orderId ?? null,
    chNfe: input.chNfe ?? null,
    nfeNumber: input.nfeNumber ?? null,
    description: input.description ?? null,
    startTime: input.startTime ?? nowIn(zone),
    parentPurchaseId: null,
    productionId: null,
    createdBy: caller.userId,
  };
  try {
    await db.batch(
      purchaseStatements(db, caller.companyId, uid, header, items) as [Statement, ...Statement[]],
    );
  } catch (error) {
    if (isConstraintError(error) && header.chNfe !== null) throw badRequest(PURCHASE_CH_NFE_DUPLICATE);
    throw error;
  }
  const row = await purchaseByUid(db, uid);
  return purchaseDetail(db, caller.companyId, row!.id);
}

/** A change of a purchase: only the fields sent; `items` replaces all items and schedules. */
export type PurchaseChanges = Partial<Omit<PurchaseInput, "items">> & { items?: PurchaseItemInput[] };

export async function editPurchase(
  db: Db,
  caller: Actor,
  id: number,
  changes: PurchaseChanges,
): Promise<PurchaseDetail> {
  const purchase = await findPurchase(db, caller.companyId, id);
  if (!purchase) throw badRequest(PURCHASE_NOT_FOUND);
  const current = purchaseStatus(purchase.statusId)!;
  if (changes.statusId !== undefined && changes.statusId !== purchase.statusId) {
    if (!purchaseStatus(changes.statusId)) throw badRequest(PURCHASE_STATUS_NOT_FOUND);
    if (
      changes.statusId === PURCHASE_STATUS.received ||
      changes.statusId === PURCHASE_STATUS.receivedWithShortage
    )
      throw badRequest(PURCHASE_STATUS_BY_CHECK);
    if (!canMove(purchase.statusId, changes.statusId))
      throw badRequest(purchaseTransition(purchase.statusId, changes.statusId));
  }
  const onlyStatus = Object.entries(changes).every(([k, v]) => k === "statusId" || v === undefined);
  if (current.editable !== 1 && !onlyStatus) throw badRequest(PURCHASE_NOT_EDITABLE);
  if (changes.supplierId === null) throw badRequest(PURCHASE_SUPPLIER_REQUIRED);
  await checkReferences(db, caller.companyId, changes);
  const set: Partial<PurchaseHeader> = {};
  if (changes.warehouseId !== undefined)
    set.warehouseId = await checkWarehouse(db, caller.companyId, changes.warehouseId);
  if (changes.supplierId !== undefined) set.supplierId = changes.supplierId;
  if (changes.statusId !== undefined) set.statusId = changes.statusId;
  if (changes.paymentTypeId !== undefined) set.paymentTypeId = changes.paymentTypeId;
  if (changes.installments !== undefined) set.installments = changes.installments;
  if (changes.orderId !== undefined) set.orderId = changes.orderId;
  if (changes.chNfe !== undefined) set.chNfe = changes.chNfe;
  if (changes.nfeNumber !== undefined) set.nfeNumber = changes.nfeNumber;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.startTime != null) set.startTime = changes.startTime;
  const items = changes.items ? await checkItems(db, caller.companyId, changes.items) : undefined;
  const writeUid = crypto.randomUUID();
  try {
    await db.batch(
      editStatements(db, caller.companyId, purchase, writeUid, set, items, { statusOnly: onlyStatus }) as [
        Statement,
        ...Statement[],
      ],
    );
  } catch (error) {
    if (isConstraintError(error) && set.chNfe != null) throw badRequest(PURCHASE_CH_NFE_DUPLICATE);
    throw error;
  }
  const after = await findPurchase(db, caller.companyId, id);
  if (after?.writeUid !== writeUid) {
    if (await receiptOf(db, id)) throw badRequest(PURCHASE_NOT_EDITABLE);
    throw badRequest(PURCHASE_CHANGED_CONCURRENTLY);
  }
  return purchaseDetail(db, caller.companyId, id);
}

/** The receiving detail of a purchase (or of a production's receiving document). */
export async function purchaseDetail(db: Db, companyId: number, id: number): Promise<PurchaseDetail> {
  const header = await purchaseHeader(db, companyId, id);
  if (!header) throw badRequest(PURCHASE_NOT_FOUND);
  const [items, schedules, payables, receipt, zone] = await Promise.all([
    purchaseItemsOf(db, id),
    schedulesOf(db, id),
    payablesOf(db, id),
    receiptOf(db, id),
    companyZone(db, companyId),
  ]);
  const today = todayIn(zone);
  const state = { received: receipt !== undefined, statusId: header.statusId };
  return {
    header,
    items: items.map((item) => ({ ...item, scheduleStatus: scheduleStatus(item.dueDate, state, today) })),
    schedules: schedules.map((s) => ({ ...s, status: scheduleStatus(s.dueDate, state, today) })),
    payables,
    receipt: receipt ?? null,
  };
}

export async function listPurchases(db: Db, companyId: number, filters: PurchaseFilters) {
  const today = todayIn(await companyZone(db, companyId));
  return listPurchaseRows(db, companyId, filters, today);
}

/** The seeded status registry with each status's manual transitions. */
export async function purchaseStatusRegistry(db: Db) {
  const rows = await listPurchaseStatuses(db);
  return rows.map((row) => ({ ...row, nextStatuses: nextStatuses(row.id) }));
}
