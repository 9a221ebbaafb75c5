import {
  findPurchase,
  type PurchaseItemView,
  purchaseItemsOf,
  receiptOf,
} from "../../db/purchases/purchases";
import {
  type ItemCount,
  itemCountsStatement,
  type NewBatch,
  type ReceiptLineValues,
  receiptLineStatements,
  receiptStatement,
  receivedStatusStatement,
  registerBatches,
} from "../../db/purchases/receipts";
import type { Statement } from "../../db/sql";
import { postingStatements } from "../../db/stock/ledger";
import { batchesByIds, batchesBySkuCodes, warehouseRows } from "../../db/stock/registry";
import type { Actor, Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import { eventStatement } from "../events/outbox";
import { type MovementInput, postingDate } from "../stock/ledger";
import {
  BATCH_NOT_FOUND,
  BATCH_OF_ANOTHER_SKU,
  SKU_INACTIVE,
  WAREHOUSE_INACTIVE,
  WAREHOUSE_NOT_FOUND,
} from "../stock/messages";
import { formatQuantity, quantityProblem, toMilli } from "../stock/quantities";
import {
  CHECK_BATCH_CODE_REQUIRED,
  CHECK_BATCH_REPEATED,
  CHECK_BATCHES_NOT_CONTROLLED,
  CHECK_BATCHES_REQUIRED,
  CHECK_ITEMS_REQUIRED,
  CHECK_NOTHING_RECEIVED,
  COUNT_NEGATIVE,
  checkBatchExpiryMismatch,
  checkItemMissing,
  checkItemNotInPurchase,
  checkItemRepeated,
  itemError,
  PURCHASE_ALREADY_RECEIVED,
  PURCHASE_CHANGED_CONCURRENTLY,
  PURCHASE_NOT_FOUND,
  purchaseNotAwaitingReceipt,
  surplusRefused,
} from "./messages";
import { payableStatements } from "./payables";
import { type PurchaseDetail, purchaseDetail, purchaseStatements } from "./purchases";
import { PURCHASE_STATUS, purchaseStatus, statusAfterCheck } from "./statuses";

/** A counted batch of an item: an existing batch (IDBatch) or one named by code, created when new. */
export type CountedBatch = {
  batchId: number | null;
  code: string | null;
  expirationDate: string | null;
  manufacturingDate: string | null;
  quantity: number;
};

/** What the receiver counted for one item: `quantity`, or `batches` where the SKU uses batches. */
export type CountedItem = { itemId: number; quantity: number | null; batches: CountedBatch[] | null };

export type CheckRequest = { items: CountedItem[]; createSurplus: boolean };

export type CheckResult = { detail: PurchaseDetail; surplusPurchaseId: number | null };

/** One counted line in thousandths, its batch resolved later. */
type CountLine = { batch: CountedBatch | null; quantity: number };

function countLines(index: number, item: PurchaseItemView, counted: CountedItem): CountLine[] {
  const fail = (message: string) => badRequest(itemError(index, message));
  const sku = { unit: item.unit, decimalQuantity: item.decimalQuantity };
  const quantityOf = (value: number) => {
    if (value < 0) throw fail(COUNT_NEGATIVE);
    const problem = quantityProblem(value, sku, { positive: false });
    if (problem) throw fail(problem);
    return toMilli(value);
  };
  if (item.batchControl === 1) {
    if (!counted.batches || counted.batches.length === 0) {
      if (counted.quantity === 0) return [];
      throw fail(CHECK_BATCHES_REQUIRED);
    }
    const seen = new Set<string>();
    return counted.batches.map((batch) => {
      if (batch.batchId === null && !batch.code) throw fail(CHECK_BATCH_CODE_REQUIRED);
      const key = batch.batchId !== null ? `#${batch.batchId}` : `@${batch.code}`;
      if (seen.has(key)) throw fail(CHECK_BATCH_REPEATED);
      seen.add(key);
      return { batch, quantity: quantityOf(batch.quantity) };
    });
  }
  if (counted.batches && counted.batches.length > 0) throw fail(CHECK_BATCHES_NOT_CONTROLLED);
  return [{ batch: null, quantity: quantityOf(counted.quantity ?? 0) }];
}

/** Splits counted lines into what the purchase receives (up to the ordered quantity) and the rest. */
function splitReceived(lines: CountLine[], ordered: number): { received: CountLine[]; surplus: number } {
  let room = ordered;
  const received: CountLine[] = [];
  let surplus = 0;
  for (const line of lines) {
    const take = Math.min(line.quantity, room);
    room -= take;
    surplus += line.quantity - take;
    if (take > 0) received.push({ ...line, quantity: take });
  }
  return { received, surplus };
}

/**
 * The receiving check: counted quantities per item (per batch where the SKU uses batches). In ONE
 * batch: inbound movements at the purchase's unit cost (the ledger updates the average cost), the
 * receipt and its lines, the items' received quantities, the status (9, or 8 when something fell
 * short), the payable titles from the purchase's payment terms (or its NF-e's duplicatas) and, with `createSurplus`, a new
 * purchase (status 7, origin `surplus`) with what came beyond the order. The receipt's primary key
 * refuses a second check, even a concurrent one.
 */
export async function checkPurchase(
  db: Db,
  caller: Actor,
  purchaseId: number,
  request: CheckRequest,
): Promise<CheckResult> {
  const purchase = await findPurchase(db, caller.companyId, purchaseId);
  if (!purchase) throw badRequest(PURCHASE_NOT_FOUND);
  const [receipt, items, warehouse] = await Promise.all([
    receiptOf(db, purchaseId),
    purchaseItemsOf(db, purchaseId),
    warehouseRows.find(db, caller.companyId, purchase.warehouseId),
  ]);
  if (receipt) throw badRequest(PURCHASE_ALREADY_RECEIVED);
  const status = purchaseStatus(purchase.statusId)!;
  if (status.awaitingReceipt !== 1)
    throw badRequest(purchaseNotAwaitingReceipt(status.id, status.description));
  if (request.items.length === 0) throw badRequest(CHECK_ITEMS_REQUIRED);

  const byId = new Map(items.map((i) => [i.id, i]));
  const countedById = new Map<number, { index: number; counted: CountedItem }>();
  for (const [index, counted] of request.items.entries()) {
    if (!byId.has(counted.itemId)) throw badRequest(itemError(index, checkItemNotInPurchase(counted.itemId)));
    if (countedById.has(counted.itemId))
      throw badRequest(itemError(index, checkItemRepeated(counted.itemId)));
    countedById.set(counted.itemId, { index, counted });
  }
  const missing = items.filter((i) => !countedById.has(i.id)).map((i) => i.id);
  if (missing.length > 0) throw badRequest(checkItemMissing(missing));

  const plan: {
    item: PurchaseItemView;
    index: number;
    received: CountLine[];
    counted: number;
    surplus: number;
  }[] = [];
  for (const item of items) {
    const { index, counted } = countedById.get(item.id)!;
    const lines = countLines(index, item, counted);
    const total = lines.reduce((sum, l) => sum + l.quantity, 0);
    const { received, surplus } = splitReceived(lines, item.quantity);
    if (surplus > 0 && !request.createSurplus)
      throw badRequest(
        surplusRefused(item.id, item.skuId, formatQuantity(item.quantity), formatQuantity(total)),
      );
    plan.push({ item, index, received, counted: total, surplus });
  }
  if (plan.every((p) => p.received.length === 0)) throw badRequest(CHECK_NOTHING_RECEIVED);

  if (!warehouse) throw badRequest(WAREHOUSE_NOT_FOUND);
  if (warehouse.isActive !== 1) throw badRequest(WAREHOUSE_INACTIVE);
  for (const p of plan)
    if (p.received.length > 0 && p.item.skuActive !== 1) throw badRequest(itemError(p.index, SKU_INACTIVE));
  const batchIds = await resolveBatches(db, caller.companyId, plan);
  const received = plan.flatMap((p) => p.received.map((line) => ({ item: p.item, line })));
  const movements: MovementInput[] = received.map(({ item, line }) => ({
    skuId: item.skuId,
    warehouseId: purchase.warehouseId,
    batchId: line.batch ? batchIds.get(line.batch)! : null,
    typeMovement: 0,
    quantity: line.quantity,
    unitCost: item.unitCost,
    origin: "purchase",
    originId: purchaseId,
    reason: `Compra ${purchaseId}`,
  }));
  const receiptLines: ReceiptLineValues[] = movements.map((m, i) => ({
    itemId: received[i]!.item.id,
    skuId: m.skuId,
    batchId: m.batchId,
    quantity: m.quantity,
  }));
  const counts: ItemCount[] = plan.map((p) => ({
    itemId: p.item.id,
    receivedQty: p.received.reduce((sum, l) => sum + l.quantity, 0),
    countedQty: p.counted,
  }));
  const statusId = statusAfterCheck(
    plan.map((p, i) => ({ ordered: p.item.quantity, received: counts[i]!.receivedQty })),
  );
  const receivedCents = plan.reduce(
    (sum, p, i) => sum + Math.round((counts[i]!.receivedQty * p.item.unitCost) / 1000),
    0,
  );

  const receivedAt = await postingDate(db, caller.companyId);
  const { statements: payables, nfeId } = await payableStatements(
    db,
    caller.companyId,
    purchase,
    receivedCents,
    receivedAt.slice(0, 10),
  );
  const surplusItems = plan.filter((p) => p.surplus > 0);
  const surplusUid = surplusItems.length > 0 ? crypto.randomUUID() : null;
  const statements: Statement[] = [];
  if (surplusUid) {
    statements.push(
      ...purchaseStatements(
        db,
        caller.companyId,
        surplusUid,
        {
          origin: "surplus",
          supplierId: purchase.supplierId,
          warehouseId: purchase.warehouseId,
          statusId: PURCHASE_STATUS.awaitingCheck,
          paymentTypeId: purchase.paymentTypeId,
          installments: purchase.installments,
          orderId: purchase.orderId,
          chNfe: null,
          nfeNumber: purchase.nfeNumber,
          description: `Excedente da compra ${purchaseId}`,
          startTime: receivedAt,
          parentPurchaseId: purchaseId,
          productionId: null,
          createdBy: caller.userId,
        },
        surplusItems.map((p) => ({
          skuId: p.item.skuId,
          quantity: p.surplus,
          unitCost: p.item.unitCost,
          dueDate: null,
        })),
      ),
    );
  }
  statements.push(
    receiptStatement(db, caller.companyId, purchase, {
      surplusUid,
      receivedBy: caller.userId,
      receivedAt,
      nfeId,
    }),
    receivedStatusStatement(db, caller.companyId, purchaseId, statusId),
    itemCountsStatement(db, purchaseId, counts),
    ...receiptLineStatements(db, caller.companyId, purchaseId, receiptLines),
    ...postingStatements(
      db,
      { companyId: caller.companyId, userId: caller.userId, date: receivedAt },
      movements,
    ).statements,
    ...payables,
    eventStatement(db, caller.companyId, {
      type: "purchase.received",
      payload: { IDPurchase: purchaseId, IDSupplier: purchase.supplierId, ReceivedAt: receivedAt },
    }),
  );
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    if (await receiptOf(db, purchaseId)) throw badRequest(PURCHASE_ALREADY_RECEIVED);
    throw badRequest(PURCHASE_CHANGED_CONCURRENTLY);
  }
  const detail = await purchaseDetail(db, caller.companyId, purchaseId);
  return { detail, surplusPurchaseId: detail.receipt?.surplusPurchaseId ?? null };
}

/**
 * The batch id of every counted batch line: IDBatch checked against the SKU; a code found among the
 * SKU's batches (its expiry must match when sent) or registered as a new batch.
 */
async function resolveBatches(
  db: Db,
  companyId: number,
  plan: { item: PurchaseItemView; index: number; received: CountLine[] }[],
): Promise<Map<CountedBatch, number>> {
  const lines = plan.flatMap((p) => p.received.flatMap((l) => (l.batch ? [{ ...p, batch: l.batch }] : [])));
  const out = new Map<CountedBatch, number>();
  const byId = await batchesByIds(
    db,
    companyId,
    lines.flatMap((l) => (l.batch.batchId !== null ? [l.batch.batchId] : [])),
  );
  for (const l of lines.filter((l) => l.batch.batchId !== null)) {
    const row = byId.get(l.batch.batchId!);
    if (!row) throw badRequest(itemError(l.index, BATCH_NOT_FOUND));
    if (row.skuId !== l.item.skuId) throw badRequest(itemError(l.index, BATCH_OF_ANOTHER_SKU));
    out.set(l.batch, row.id);
  }
  const byCode = lines.filter((l) => l.batch.batchId === null);
  const pairs = byCode.map((l) => ({ skuId: l.item.skuId, code: l.batch.code! }));
  const known = await batchesBySkuCodes(db, companyId, pairs);
  const fresh: NewBatch[] = [];
  for (const l of byCode) {
    const row = known.get(`${l.item.skuId}:${l.batch.code}`);
    if (row) {
      if (l.batch.expirationDate !== null && row.expirationDate !== l.batch.expirationDate)
        throw badRequest(itemError(l.index, checkBatchExpiryMismatch(l.batch.code!, row.expirationDate)));
    } else
      fresh.push({
        skuId: l.item.skuId,
        code: l.batch.code!,
        expirationDate: l.batch.expirationDate,
        manufacturingDate: l.batch.manufacturingDate,
      });
  }
  await registerBatches(db, companyId, fresh);
  const all = fresh.length > 0 ? await batchesBySkuCodes(db, companyId, pairs) : known;
  for (const l of byCode) out.set(l.batch, all.get(`${l.item.skuId}:${l.batch.code}`)!.id);
  return out;
}
