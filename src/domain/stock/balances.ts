import { kardex, type MovementRow, skuTotals, warehouseBalances } from "../../db/stock/ledger";
import {
  activeWarehouses,
  batchesByIds,
  listSkus,
  reservationsBySku,
  type SkuRow,
  skuRows,
} from "../../db/stock/registry";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import {
  BATCH_NOT_FOUND,
  BATCH_REQUIRED_FOR_KARDEX_BATCH,
  SKU_NOT_FOUND,
  SKU_REQUIRED_FOR_KARDEX,
} from "./messages";
import { availableQuantity, reservedQuantity } from "./quantities";

export type SkuBalance = {
  sku: SkuRow;
  onStock: number;
  reserved: number;
  available: number;
  averageCost: number;
};

/** Balances of SKUs from the running totals (never from the movements) and reservations. */
async function balancesOf(
  db: Db,
  companyId: number,
  skus: SkuRow[],
  warehouseId?: number,
): Promise<SkuBalance[]> {
  const ids = skus.map((s) => s.id);
  const [balances, reservations, totals] = await Promise.all([
    warehouseBalances(db, companyId, ids),
    reservationsBySku(db, companyId, ids),
    skuTotals(db, companyId, ids),
  ]);
  return skus.map((sku) => {
    const inScope = (row: { skuId: number; warehouseId: number }) =>
      row.skuId === sku.id && (warehouseId === undefined || row.warehouseId === warehouseId);
    const onStock = balances.filter(inScope).reduce((sum, row) => sum + row.qty, 0);
    const reserved = reservedQuantity(reservations.filter(inScope));
    return {
      sku,
      onStock,
      reserved,
      available: availableQuantity(onStock, reserved),
      averageCost: totals.get(sku.id)?.averageCost ?? 0,
    };
  });
}

export async function skuBalances(
  db: Db,
  companyId: number,
  filter: { skuId?: number; warehouseId?: number; page: number },
): Promise<SkuBalance[]> {
  let skus: SkuRow[];
  if (filter.skuId !== undefined) {
    const sku = await skuRows.find(db, companyId, filter.skuId);
    if (!sku) throw badRequest(SKU_NOT_FOUND);
    skus = [sku];
  } else {
    skus = await listSkus(db, companyId, filter.page);
  }
  return balancesOf(db, companyId, skus, filter.warehouseId);
}

export type WarehouseBalance = {
  warehouseId: number;
  name: string;
  onStock: number;
  reserved: number;
  available: number;
};

/** Per active warehouse of the company (warehouses without stock answer zeros). */
export async function skuWarehouseBalances(
  db: Db,
  companyId: number,
  skuId: number,
): Promise<WarehouseBalance[]> {
  const sku = await skuRows.find(db, companyId, skuId);
  if (!sku) throw badRequest(SKU_NOT_FOUND);
  const [warehouses, balances, reservations] = await Promise.all([
    activeWarehouses(db, companyId),
    warehouseBalances(db, companyId, [skuId]),
    reservationsBySku(db, companyId, [skuId]),
  ]);
  return warehouses.map((w) => {
    const onStock = balances.filter((b) => b.warehouseId === w.id).reduce((s, b) => s + b.qty, 0);
    const reserved = reservedQuantity(reservations.filter((r) => r.warehouseId === w.id));
    return {
      warehouseId: w.id,
      name: w.name,
      onStock,
      reserved,
      available: availableQuantity(onStock, reserved),
    };
  });
}

export type KardexRequest = {
  type: "Kardex" | "KardexBatch";
  skuId?: number;
  warehouseId?: number;
  batchId?: number;
  dateFrom?: string;
  dateTo?: string;
  page: number;
};

/** Kardex lines of a SKU (per warehouse balance) or of a batch (accumulated balance and value). */
export async function kardexLines(db: Db, companyId: number, request: KardexRequest): Promise<MovementRow[]> {
  if (request.type === "KardexBatch") {
    if (request.batchId === undefined) throw badRequest(BATCH_REQUIRED_FOR_KARDEX_BATCH);
    const batch = (await batchesByIds(db, companyId, [request.batchId])).get(request.batchId);
    if (!batch) throw badRequest(BATCH_NOT_FOUND);
    return kardex(db, companyId, { ...request, skuId: undefined });
  }
  if (request.skuId === undefined) throw badRequest(SKU_REQUIRED_FOR_KARDEX);
  if (!(await skuRows.find(db, companyId, request.skuId))) throw badRequest(SKU_NOT_FOUND);
  return kardex(db, companyId, { ...request, batchId: undefined });
}
