import type { Statement } from "../../db/sql";
import {
  type CountedLine,
  findInventory,
  type InventoryItemView,
  type InventoryRow,
  insertInventory,
  insertInventoryLog,
  inventoryItemCount,
  inventoryItemsPage,
  inventoryLogs,
  isApplied,
  itemsWithBalances,
  markApplied,
  recordDifferences,
  upsertCountedItems,
} from "../../db/stock/inventory";
import { batchesByIds, skusByIds, warehouseRows } from "../../db/stock/registry";
import type { Actor, Db } from "../../env";
import { badRequest, isConstraintError } from "../../lib/errors";
import { countDifferences } from "./inventory-differences";
import { postingDate, postMovements } from "./ledger";
import {
  BATCH_NOT_CONTROLLED,
  BATCH_NOT_FOUND,
  BATCH_OF_ANOTHER_SKU,
  BATCH_REQUIRED,
  INSUFFICIENT_STOCK_CONCURRENT,
  INVENTORY_ALREADY_APPLIED,
  INVENTORY_APPLIED_NO_CHANGES,
  INVENTORY_ITEMS_REQUIRED,
  INVENTORY_NOT_FOUND,
  INVENTORY_WITHOUT_ITEMS,
  itemError,
  SKU_NOT_FOUND,
  WAREHOUSE_INACTIVE,
  WAREHOUSE_NOT_FOUND,
} from "./messages";
import { formatQuantity, quantityProblem, toMilli } from "./quantities";

export async function openInventory(
  db: Db,
  caller: Actor,
  input: { warehouseId: number; description: string | null },
): Promise<InventoryRow> {
  const warehouse = await warehouseRows.find(db, caller.companyId, input.warehouseId);
  if (!warehouse) throw badRequest(WAREHOUSE_NOT_FOUND);
  if (warehouse.isActive !== 1) throw badRequest(WAREHOUSE_INACTIVE);
  const row = await insertInventory(db, caller.companyId, { ...input, createdBy: caller.userId });
  await insertInventoryLog(db, row.id, caller.userId, "Inventário aberto");
  return row;
}

async function requireInventory(db: Db, companyId: number, id: number): Promise<InventoryRow> {
  const row = await findInventory(db, companyId, id);
  if (!row) throw badRequest(INVENTORY_NOT_FOUND);
  return row;
}

export type CountRequest = { skuId: number; batchId: number | null; quantity: number };

/** A counted line's problem (message), or its value in thousandths. */
export type CountCheck = { ok: true; line: CountedLine } | { ok: false; message: string };

/** Checks counted lines against the registries: SKU of the company, batch of that SKU, quantity >= 0. */
export async function checkCounts(
  db: Db,
  companyId: number,
  requests: CountRequest[],
): Promise<CountCheck[]> {
  const skus = await skusByIds(
    db,
    companyId,
    requests.map((r) => r.skuId),
  );
  const batches = await batchesByIds(
    db,
    companyId,
    requests.flatMap((r) => (r.batchId === null ? [] : [r.batchId])),
  );
  return requests.map((r): CountCheck => {
    const sku = skus.get(r.skuId);
    if (!sku) return { ok: false, message: SKU_NOT_FOUND };
    if (r.batchId !== null) {
      const batch = batches.get(r.batchId);
      if (!batch) return { ok: false, message: BATCH_NOT_FOUND };
      if (batch.skuId !== r.skuId) return { ok: false, message: BATCH_OF_ANOTHER_SKU };
      if (sku.batchControl !== 1) return { ok: false, message: BATCH_NOT_CONTROLLED };
    } else if (sku.batchControl === 1) return { ok: false, message: BATCH_REQUIRED };
    const problem = quantityProblem(r.quantity, sku, { positive: false });
    if (problem) return { ok: false, message: problem };
    return { ok: true, line: { skuId: r.skuId, batchId: r.batchId, countedQty: toMilli(r.quantity) } };
  });
}

/** Statements that record counted lines (for the bulk route and the CSV job). */
export function countStatements(db: Db, companyId: number, inventoryId: number, lines: CountedLine[]) {
  return upsertCountedItems(db, companyId, inventoryId, lines);
}

/** Bulk counts: all lines valid or nothing written (`Items[i]. <message>`). */
export async function addCounts(db: Db, caller: Actor, inventoryId: number, requests: CountRequest[]) {
  const inventory = await requireInventory(db, caller.companyId, inventoryId);
  if (inventory.applied === 1) throw badRequest(INVENTORY_APPLIED_NO_CHANGES);
  if (requests.length === 0) throw badRequest(INVENTORY_ITEMS_REQUIRED);
  const checks = await checkCounts(db, caller.companyId, requests);
  const lines: CountedLine[] = [];
  for (const [index, check] of checks.entries()) {
    if (!check.ok) throw badRequest(itemError(index, check.message));
    lines.push(check.line);
  }
  const statements: Statement[] = [
    ...upsertCountedItems(db, caller.companyId, inventoryId, lines),
    insertInventoryLog(db, inventoryId, caller.userId, `${lines.length} item(ns) contado(s)`),
  ];
  await db.batch(statements as [Statement, ...Statement[]]);
  if (await isApplied(db, inventoryId)) throw badRequest(INVENTORY_APPLIED_NO_CHANGES);
  return { itemsCount: await inventoryItemCount(db, inventoryId), received: lines.length };
}

/**
 * Applies the count: one adjustment movement (origin `inventory`) per item whose count differs
 * from the balance, the differences recorded on the items, the session marked applied: one batch,
 * atomic, once. The application row's primary key refuses a second apply, even a concurrent one.
 */
export async function applyInventory(db: Db, caller: Actor, inventoryId: number) {
  const inventory = await requireInventory(db, caller.companyId, inventoryId);
  if (inventory.applied === 1) throw badRequest(INVENTORY_ALREADY_APPLIED);
  const items = await itemsWithBalances(db, inventoryId, inventory.warehouseId);
  if (items.length === 0) throw badRequest(INVENTORY_WITHOUT_ITEMS);
  const differences = countDifferences(items);
  const at = await postingDate(db, caller.companyId);
  const posted = differences.filter((d) => d.direction === 0).length;
  const message = `Inventário aplicado: ${differences.length} ajuste(s) (${posted} entrada(s), ${differences.length - posted} saída(s)) em ${items.length} item(ns)`;
  try {
    const rows = await postMovements(
      db,
      caller,
      differences.map((d) => ({
        skuId: d.skuId,
        warehouseId: inventory.warehouseId,
        batchId: d.batchId,
        typeMovement: d.direction,
        quantity: d.quantity,
        unitCost: null,
        origin: "inventory",
        originId: inventoryId,
        reason: `Inventário ${inventoryId}: contado ${formatQuantity(d.countedQty)}, sistema ${formatQuantity(d.systemQty)}`,
      })),
      {
        before: [
          ...markApplied(db, caller.companyId, inventoryId, caller.userId, at),
          recordDifferences(db, inventoryId, inventory.warehouseId),
        ],
        after: [insertInventoryLog(db, inventoryId, caller.userId, message)],
      },
      INSUFFICIENT_STOCK_CONCURRENT,
    );
    return { movements: rows.length, items: items.length, message };
  } catch (error) {
    if (await isApplied(db, inventoryId)) throw badRequest(INVENTORY_ALREADY_APPLIED);
    if (isConstraintError(error)) throw badRequest(INSUFFICIENT_STOCK_CONCURRENT);
    throw error;
  }
}

export type InventorySummary = {
  inventory: InventoryRow;
  items: InventoryItemView[];
  hasNextPage: boolean;
  itemsCount: number;
  logs: Awaited<ReturnType<typeof inventoryLogs>>;
};

export async function inventorySummary(
  db: Db,
  companyId: number,
  id: number,
  page: number,
): Promise<InventorySummary> {
  const inventory = await requireInventory(db, companyId, id);
  const [rows, itemsCount, logs] = await Promise.all([
    inventoryItemsPage(db, id, page),
    inventoryItemCount(db, id),
    inventoryLogs(db, id),
  ]);
  return { inventory, items: rows.slice(0, 5000), hasNextPage: rows.length > 5000, itemsCount, logs };
}
