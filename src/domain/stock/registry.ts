import { findCompany } from "../../db/identity";
import { activeBrandExists, brandRows } from "../../db/registries/brands";
import { productCodeTaken } from "../../db/registries/products";
import { insertWhere } from "../../db/registries/scoped-rows";
import { batchBalances, skuTotals } from "../../db/stock/ledger";
import {
  allowsNegativeStock,
  type BatchRow,
  insertBatch,
  listBatches,
  listSkus,
  type SalesPolicyRow,
  type SkuRow,
  salesPolicyRows,
  setAllowNegativeStock,
  skuRows,
  type WarehouseRow,
  warehouseHasStock,
  warehouseRows,
} from "../../db/stock/registry";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE, daysBetween, todayIn } from "../../lib/dates";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { getCompany } from "../company/company";
import {
  BATCH_CODE_DUPLICATE,
  SALES_POLICY_NOT_FOUND,
  SKU_BRAND_NOT_FOUND,
  SKU_CODE_DUPLICATE,
  SKU_NOT_FOUND,
  WAREHOUSE_HAS_STOCK,
  WAREHOUSE_NOT_FOUND,
} from "./messages";
import { applyPolicy, type PickOrder } from "./sales-policy";

export type SkuInput = {
  code?: string | null;
  ean?: string | null;
  name?: string;
  brandId?: number | null;
  unit?: string;
  decimalQuantity?: 0 | 1;
  batchControl?: 0 | 1;
  taxProfile?: string | null;
  ncm?: string | null;
  cest?: string | null;
  origin?: number | null;
  cost?: Cents;
  price?: Cents;
  isActive?: 0 | 1;
  allowPriceBelowCost?: 0 | 1;
};

async function refuseTakenCode(db: Db, companyId: number, code: string | null | undefined, ownId?: number) {
  if (code && (await productCodeTaken(db, companyId, code, ownId))) throw badRequest(SKU_CODE_DUPLICATE);
}

export async function findSku(db: Db, companyId: number, skuId: number): Promise<SkuRow> {
  const sku = await skuRows.find(db, companyId, skuId);
  if (!sku) throw badRequest(SKU_NOT_FOUND);
  return sku;
}

/** A SKU is a row of the products registry: /product and /sku show the same record. */
export async function createSku(
  db: Db,
  companyId: number,
  input: SkuInput & { name: string },
): Promise<SkuRow> {
  await getCompany(db, companyId);
  const values = {
    code: input.code || null,
    ean: input.ean || null,
    name: input.name,
    brandId: input.brandId ?? null,
    unit: input.unit ?? "UN",
    decimalQuantity: input.decimalQuantity ?? 0,
    batchControl: input.batchControl ?? 0,
    taxProfile: input.taxProfile ?? null,
    ncm: input.ncm ?? null,
    cest: input.cest ?? null,
    origin: input.origin ?? null,
    cost: input.cost ?? 0,
    price: input.price ?? 0,
    isActive: input.isActive ?? 1,
    allowPriceBelowCost: input.allowPriceBelowCost ?? 0,
  };
  await refuseTakenCode(db, companyId, values.code);
  const { brandId } = values;
  if (brandId === null)
    return refuseOnConflict(() => skuRows.insert(db, companyId, values), SKU_CODE_DUPLICATE);
  if (!(await brandRows.find(db, companyId, brandId))) throw badRequest(SKU_BRAND_NOT_FOUND);
  const row = await refuseOnConflict(
    () => insertWhere(db, skuRows.table, { ...values, companyId }, activeBrandExists(db, companyId, brandId)),
    SKU_CODE_DUPLICATE,
  );
  if (!row) throw badRequest(SKU_BRAND_NOT_FOUND);
  return row;
}

/** Partial update: only the fields sent change. */
export async function changeSku(db: Db, companyId: number, skuId: number, input: SkuInput): Promise<SkuRow> {
  await findSku(db, companyId, skuId);
  await refuseTakenCode(db, companyId, input.code, skuId);
  if (input.brandId && !(await brandRows.find(db, companyId, input.brandId)))
    throw badRequest(SKU_BRAND_NOT_FOUND);
  const changes = { ...input, code: input.code === "" ? null : input.code };
  const row = await refuseOnConflict(() => skuRows.update(db, companyId, skuId, changes), SKU_CODE_DUPLICATE);
  if (!row) throw badRequest(SKU_NOT_FOUND);
  return row;
}

async function findWarehouse(db: Db, companyId: number, id: number): Promise<WarehouseRow> {
  const row = await warehouseRows.find(db, companyId, id);
  if (!row) throw badRequest(WAREHOUSE_NOT_FOUND);
  return row;
}

export async function createWarehouse(
  db: Db,
  companyId: number,
  input: { name: string; isActive?: 0 | 1 },
): Promise<WarehouseRow> {
  await getCompany(db, companyId);
  return warehouseRows.insert(db, companyId, { name: input.name, isActive: input.isActive ?? 1 });
}

export async function changeWarehouse(
  db: Db,
  companyId: number,
  id: number,
  input: { name?: string; isActive?: 0 | 1 },
): Promise<WarehouseRow> {
  const row = await warehouseRows.update(db, companyId, id, input);
  if (!row) throw badRequest(WAREHOUSE_NOT_FOUND);
  return row;
}

/** Status 0; refused while the warehouse holds stock of any SKU. */
export async function deleteWarehouse(db: Db, companyId: number, id: number): Promise<void> {
  await findWarehouse(db, companyId, id);
  if (await warehouseHasStock(db, companyId, id)) throw badRequest(WAREHOUSE_HAS_STOCK);
  if (!(await warehouseRows.softDelete(db, companyId, id))) throw badRequest(WAREHOUSE_NOT_FOUND);
}

export async function createBatch(
  db: Db,
  companyId: number,
  input: { skuId: number; code: string; expirationDate: string | null; manufacturingDate: string | null },
): Promise<BatchRow> {
  await findSku(db, companyId, input.skuId);
  return refuseOnConflict(() => insertBatch(db, companyId, input), BATCH_CODE_DUPLICATE);
}

export type BatchView = BatchRow & { qty: number; daysToExpire: number | null };

/**
 * Batches with their balance (all warehouses or one). With a sales policy: only the eligible
 * batches (stock and enough shelf life left), in the policy's order (FEFO or FIFO).
 */
export async function batchesWithBalance(
  db: Db,
  companyId: number,
  filter: { skuId?: number; warehouseId?: number; salesPolicyId?: number; page: number },
): Promise<BatchView[]> {
  const timeZone = (await findCompany(db, companyId))?.timeZone ?? DEFAULT_TIME_ZONE;
  let policy: SalesPolicyRow | undefined;
  if (filter.salesPolicyId !== undefined) {
    policy = await salesPolicyRows.find(db, companyId, filter.salesPolicyId);
    if (!policy) throw badRequest(SALES_POLICY_NOT_FOUND);
  }
  if (filter.skuId !== undefined) await findSku(db, companyId, filter.skuId);
  if (filter.warehouseId !== undefined) await findWarehouse(db, companyId, filter.warehouseId);
  const rows = await listBatches(db, companyId, {
    skuId: filter.skuId,
    page: filter.page,
    all: policy !== undefined,
  });
  const balances = await batchBalances(
    db,
    companyId,
    rows.map((r) => r.id),
    filter.warehouseId,
  );
  const today = todayIn(timeZone);
  const views: BatchView[] = rows.map((row) => ({
    ...row,
    qty: balances.get(row.id) ?? 0,
    daysToExpire: row.expirationDate ? daysBetween(today, row.expirationDate) : null,
  }));
  if (!policy) return views;
  const ordered = applyPolicy(
    views,
    { minShelfLifeDays: policy.minShelfLifeDays, pickOrder: policy.pickOrder as PickOrder },
    today,
  );
  return ordered.slice(filter.page * 5000, (filter.page + 1) * 5000);
}

export async function createSalesPolicy(
  db: Db,
  companyId: number,
  input: { name: string; minShelfLifeDays?: number; pickOrder?: PickOrder },
): Promise<SalesPolicyRow> {
  await getCompany(db, companyId);
  return salesPolicyRows.insert(db, companyId, {
    name: input.name,
    minShelfLifeDays: input.minShelfLifeDays ?? 0,
    pickOrder: input.pickOrder ?? "FEFO",
  });
}

export async function changeSalesPolicy(
  db: Db,
  companyId: number,
  id: number,
  input: { name?: string; minShelfLifeDays?: number; pickOrder?: PickOrder },
): Promise<SalesPolicyRow> {
  const row = await salesPolicyRows.update(db, companyId, id, input);
  if (!row) throw badRequest(SALES_POLICY_NOT_FOUND);
  return row;
}

export type SkuView = SkuRow & { averageCost: Cents };

/** SKUs with their current moving-average cost (from the running totals). */
export async function skuViews(db: Db, companyId: number, skus: SkuRow[]): Promise<SkuView[]> {
  const totals = await skuTotals(
    db,
    companyId,
    skus.map((s) => s.id),
  );
  return skus.map((sku) => ({ ...sku, averageCost: totals.get(sku.id)?.averageCost ?? 0 }));
}

/** A page of the company's SKUs (with `Search`: by code or description), with their average cost. */
export async function skuPageViews(
  db: Db,
  companyId: number,
  page: number,
  search?: string,
): Promise<SkuView[]> {
  return skuViews(db, companyId, await listSkus(db, companyId, page, search));
}

/** The SKU with its average cost, or none when it is not the company's. */
export async function skuViewsOf(db: Db, companyId: number, skuId: number): Promise<SkuView[]> {
  const row = await skuRows.find(db, companyId, skuId);
  return row ? skuViews(db, companyId, [row]) : [];
}

/** A page of the company's warehouses. */
export function warehousePage(db: Db, companyId: number, page: number): Promise<WarehouseRow[]> {
  return warehouseRows.list(db, companyId, { page });
}

/** The warehouse, or undefined when it is not the company's. */
export function warehouseById(db: Db, companyId: number, id: number): Promise<WarehouseRow | undefined> {
  return warehouseRows.find(db, companyId, id);
}

/** A page of the company's sales policies. */
export function salesPolicyPage(db: Db, companyId: number, page: number): Promise<SalesPolicyRow[]> {
  return salesPolicyRows.list(db, companyId, { page });
}

/** Whether the company lets a movement take a balance below zero. */
export function negativeStockAllowed(db: Db, companyId: number): Promise<boolean> {
  return allowsNegativeStock(db, companyId);
}

/** Sets whether the company lets a movement take a balance below zero; answers the stored setting. */
export async function allowNegativeStock(db: Db, companyId: number, allow: 0 | 1): Promise<boolean> {
  await setAllowNegativeStock(db, companyId, allow);
  return allowsNegativeStock(db, companyId);
}
