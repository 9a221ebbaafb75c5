import {
  type BomLine,
  type BomLineView,
  bomOf,
  documentReceiptStatement,
  findProduction,
  finishedStatements,
  finishStatement,
  insertProduction,
  type ProductionItemView,
  type ProductionLine,
  type ProductionView,
  productionItems,
  replaceBom,
} from "../../db/production/production";
import type { Statement } from "../../db/sql";
import { postingStatements, skuTotals } from "../../db/stock/ledger";
import { batchesByIds, skusByIds, warehouseRows } from "../../db/stock/registry";
import type { Actor, Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import { type PurchaseDetail, purchaseDetail, purchaseStatements } from "../purchases/purchases";
import { PURCHASE_STATUS } from "../purchases/statuses";
import { checkMovements, postingDate } from "../stock/ledger";
import { INSUFFICIENT_STOCK_CONCURRENT } from "../stock/messages";
import { fromMilli, quantityProblem, toMilli } from "../stock/quantities";
import {
  BATCH_NOT_CONTROLLED,
  BATCH_NOT_FOUND,
  BATCH_OF_ANOTHER_SKU,
  BATCH_REQUIRED,
  BOM_INPUT_IS_PRODUCT,
  BOM_INPUT_REPEATED,
  itemError,
  PRODUCTION_ALREADY_FINISHED,
  PRODUCTION_COSTS_CHANGED,
  PRODUCTION_NOT_FOUND,
  PRODUCTION_WITHOUT_ITEMS,
  SKU_NOT_FOUND,
  WAREHOUSE_INACTIVE,
  WAREHOUSE_NOT_FOUND,
} from "./messages";

export type BillOfMaterials = { sku: { id: number; name: string }; lines: BomLineView[] };

async function requireSku(db: Db, companyId: number, skuId: number) {
  const sku = (await skusByIds(db, companyId, [skuId])).get(skuId);
  if (!sku) throw badRequest(SKU_NOT_FOUND);
  return sku;
}

export async function billOfMaterials(db: Db, companyId: number, skuId: number): Promise<BillOfMaterials> {
  const sku = await requireSku(db, companyId, skuId);
  return { sku: { id: sku.id, name: sku.name }, lines: await bomOf(db, companyId, skuId) };
}

/** Replaces the inputs of a SKU and their quantity per unit produced (an empty list clears it). */
export async function setBillOfMaterials(
  db: Db,
  caller: Actor,
  skuId: number,
  items: { inputSkuId: number; quantity: number }[],
): Promise<BillOfMaterials> {
  await requireSku(db, caller.companyId, skuId);
  const inputs = await skusByIds(
    db,
    caller.companyId,
    items.map((i) => i.inputSkuId),
  );
  const seen = new Set<number>();
  const lines: BomLine[] = items.map((item, index) => {
    const fail = (message: string) => badRequest(itemError(index, message));
    if (item.inputSkuId === skuId) throw fail(BOM_INPUT_IS_PRODUCT);
    const input = inputs.get(item.inputSkuId);
    if (!input) throw fail(SKU_NOT_FOUND);
    if (seen.has(item.inputSkuId)) throw fail(BOM_INPUT_REPEATED);
    seen.add(item.inputSkuId);
    const problem = quantityProblem(item.quantity, { unit: input.unit, decimalQuantity: 1 });
    if (problem) throw fail(problem);
    return { inputSkuId: item.inputSkuId, quantity: toMilli(item.quantity) };
  });
  await replaceBom(db, caller.companyId, skuId, lines);
  return billOfMaterials(db, caller.companyId, skuId);
}

export type ProductionInput = {
  skuId: number;
  warehouseId: number;
  batchId: number | null;
  quantity: number;
  description: string | null;
  /** Consumed inputs; null: the bill of materials times the quantity. */
  items: { skuId: number; batchId: number | null; quantity: number }[] | null;
};

export type ProductionDetail = {
  production: ProductionView;
  items: (ProductionItemView & { lineCost: number; lineUnitCost: number })[];
  totalCost: number;
};

/** Opens a production order: what is produced, where, and the inputs it consumes. */
export async function createProduction(
  db: Db,
  caller: Actor,
  input: ProductionInput,
): Promise<ProductionDetail> {
  const sku = await requireSku(db, caller.companyId, input.skuId);
  const warehouse = await warehouseRows.find(db, caller.companyId, input.warehouseId);
  if (!warehouse) throw badRequest(WAREHOUSE_NOT_FOUND);
  if (warehouse.isActive !== 1) throw badRequest(WAREHOUSE_INACTIVE);
  const problem = quantityProblem(input.quantity, sku);
  if (problem) throw badRequest(problem);
  const batches = await batchesByIds(db, caller.companyId, [
    ...(input.batchId !== null ? [input.batchId] : []),
    ...(input.items ?? []).flatMap((i) => (i.batchId !== null ? [i.batchId] : [])),
  ]);
  const batchProblem = (skuId: number, batchControl: number, batchId: number | null) => {
    if (batchId === null) return batchControl === 1 ? BATCH_REQUIRED : null;
    const batch = batches.get(batchId);
    if (!batch) return BATCH_NOT_FOUND;
    if (batch.skuId !== skuId) return BATCH_OF_ANOTHER_SKU;
    return batchControl === 1 ? null : BATCH_NOT_CONTROLLED;
  };
  const productBatch = batchProblem(sku.id, sku.batchControl, input.batchId);
  if (productBatch) throw badRequest(productBatch);
  const quantity = toMilli(input.quantity);
  const requested =
    input.items ??
    (await bomOf(db, caller.companyId, input.skuId)).map((line) => ({
      skuId: line.inputSkuId,
      batchId: null,
      quantity: fromMilli(Math.round((line.quantity * quantity) / 1000)),
    }));
  if (requested.length === 0) throw badRequest(PRODUCTION_WITHOUT_ITEMS);
  const inputs = await skusByIds(
    db,
    caller.companyId,
    requested.map((r) => r.skuId),
  );
  const lines: ProductionLine[] = requested.map((r, index) => {
    const fail = (message: string) => badRequest(itemError(index, message));
    if (r.skuId === input.skuId) throw fail(BOM_INPUT_IS_PRODUCT);
    const inputSku = inputs.get(r.skuId);
    if (!inputSku) throw fail(SKU_NOT_FOUND);
    const itemProblem =
      quantityProblem(r.quantity, inputSku) ?? batchProblem(r.skuId, inputSku.batchControl, r.batchId);
    if (itemProblem) throw fail(itemProblem);
    return { inputSkuId: r.skuId, batchId: r.batchId, quantity: toMilli(r.quantity) };
  });
  const id = await insertProduction(
    db,
    caller.companyId,
    {
      skuId: input.skuId,
      warehouseId: input.warehouseId,
      batchId: input.batchId,
      quantity,
      description: input.description,
      createdBy: caller.userId,
    },
    lines,
  );
  return productionDetail(db, caller.companyId, id);
}

/** Cost of a consumed line in cents: thousandths x cents per unit, rounded once per line. */
export const lineCost = (quantity: number, unitCost: number) => Math.round((quantity * unitCost) / 1000);

/**
 * The order with a cost per line: once finished, the costs it was finished at; before, the inputs'
 * current average cost (what a finish now would post).
 */
export async function productionDetail(db: Db, companyId: number, id: number): Promise<ProductionDetail> {
  const production = await findProduction(db, companyId, id);
  if (!production) throw badRequest(PRODUCTION_NOT_FOUND);
  const items = await productionItems(db, id);
  const averages =
    production.finished === 1
      ? new Map<number, { averageCost: number }>()
      : await skuTotals(
          db,
          companyId,
          items.map((i) => i.inputSkuId),
        );
  const costed = items.map((item) => {
    const lineUnitCost = item.unitCost ?? averages.get(item.inputSkuId)?.averageCost ?? 0;
    return { ...item, lineUnitCost, lineCost: item.totalCost ?? lineCost(item.quantity, lineUnitCost) };
  });
  return {
    production,
    items: costed,
    totalCost: production.totalCost ?? costed.reduce((sum, i) => sum + i.lineCost, 0),
  };
}

/**
 * Finishes a production order in ONE batch: outbound movements of the inputs at their average cost,
 * one inbound movement of the product at the summed cost (per unit: total / quantity, in cents), the
 * line costs, and a receiving document (a purchase of origin `production`, received) answered as
 * GET /purchase/{id} answers it. Inputs without stock follow the company's negative-stock setting.
 * Finished once: the finish row's key refuses a second finish, even a concurrent one.
 */
export async function finishProduction(db: Db, caller: Actor, id: number): Promise<PurchaseDetail> {
  const production = await findProduction(db, caller.companyId, id);
  if (!production) throw badRequest(PRODUCTION_NOT_FOUND);
  if (production.finished === 1) throw badRequest(PRODUCTION_ALREADY_FINISHED);
  const items = await productionItems(db, id);
  const averages = await skuTotals(
    db,
    caller.companyId,
    items.map((i) => i.inputSkuId),
  );
  const costed = items.map((item) => {
    const unitCost = averages.get(item.inputSkuId)?.averageCost ?? 0;
    return { id: item.id, unitCost, totalCost: lineCost(item.quantity, unitCost) };
  });
  const totalCost = costed.reduce((sum, l) => sum + l.totalCost, 0);
  const productUnitCost = Math.round((totalCost * 1000) / production.quantity);
  const reason = `Produção ${id}`;
  const movements = await checkMovements(
    db,
    caller.companyId,
    [
      ...items.map((item) => ({
        skuId: item.inputSkuId,
        warehouseId: production.warehouseId,
        batchId: item.batchId,
        typeMovement: 1 as const,
        quantity: fromMilli(item.quantity),
        unitCost: null,
        origin: "production",
        originId: id,
        reason,
      })),
      {
        skuId: production.skuId,
        warehouseId: production.warehouseId,
        batchId: production.batchId,
        typeMovement: 0 as const,
        quantity: fromMilli(production.quantity),
        unitCost: productUnitCost,
        origin: "production",
        originId: id,
        reason,
      },
    ],
    (index, message) => (index < items.length ? itemError(index, message) : message),
  );
  const at = await postingDate(db, caller.companyId);
  const documentUid = crypto.randomUUID();
  const statements: Statement[] = [
    finishStatement(
      db,
      caller.companyId,
      id,
      [...new Set(items.map((i) => i.inputSkuId))].map((skuId) => ({
        skuId,
        averageCost: averages.get(skuId)?.averageCost ?? 0,
      })),
      { finishedBy: caller.userId, finishedAt: at },
    ),
    ...postingStatements(db, { companyId: caller.companyId, userId: caller.userId, date: at }, movements)
      .statements,
    ...purchaseStatements(
      db,
      caller.companyId,
      documentUid,
      {
        origin: "production",
        supplierId: null,
        warehouseId: production.warehouseId,
        statusId: PURCHASE_STATUS.received,
        paymentTypeId: null,
        installments: 1,
        orderId: null,
        chNfe: null,
        nfeNumber: null,
        description: `Recebimento da produção ${id}${production.description ? ` - ${production.description}` : ""}`,
        startTime: at,
        parentPurchaseId: null,
        productionId: id,
        createdBy: caller.userId,
      },
      [
        {
          skuId: production.skuId,
          quantity: production.quantity,
          unitCost: productUnitCost,
          dueDate: null,
          receivedQty: production.quantity,
        },
      ],
    ),
    documentReceiptStatement(db, caller.companyId, documentUid, {
      receivedBy: caller.userId,
      receivedAt: at,
    }),
    ...finishedStatements(db, id, costed, totalCost, documentUid, at),
  ];
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    const now = await findProduction(db, caller.companyId, id);
    if (now?.finished === 1) throw badRequest(PRODUCTION_ALREADY_FINISHED);
    const current = await skuTotals(
      db,
      caller.companyId,
      items.map((i) => i.inputSkuId),
    );
    const moved = items.some(
      (i) => (current.get(i.inputSkuId)?.averageCost ?? 0) !== (averages.get(i.inputSkuId)?.averageCost ?? 0),
    );
    throw badRequest(moved ? PRODUCTION_COSTS_CHANGED : INSUFFICIENT_STOCK_CONCURRENT);
  }
  const done = await findProduction(db, caller.companyId, id);
  return purchaseDetail(db, caller.companyId, done!.purchaseId!);
}
