import { findCompany } from "../../db/identity";
import type { Statement } from "../../db/sql";
import {
  balanceOf,
  batchBalanceOf,
  type MovementRow,
  movementsByPostings,
  postingStatements,
} from "../../db/stock/ledger";
import {
  allowsNegativeStock,
  type BatchRow,
  batchesByIds,
  type SkuRow,
  skusByIds,
  warehouseRows,
} from "../../db/stock/registry";
import type { Actor, Db } from "../../env";
import { DEFAULT_TIME_ZONE, nowIn } from "../../lib/dates";
import { badRequest, isConstraintError } from "../../lib/errors";
import {
  BATCH_NOT_CONTROLLED,
  BATCH_NOT_FOUND,
  BATCH_OF_ANOTHER_SKU,
  BATCH_REQUIRED,
  INSUFFICIENT_STOCK_CONCURRENT,
  insufficientStock,
  SKU_INACTIVE,
  SKU_NOT_FOUND,
  WAREHOUSE_INACTIVE,
  WAREHOUSE_NOT_FOUND,
} from "./messages";
import { formatQuantity, quantityProblem, toMilli } from "./quantities";

/** A movement as the ledger posts it: quantity in thousandths, cost in cents (db/stock/ledger writes it). */
export type MovementInput = {
  skuId: number;
  warehouseId: number;
  batchId: number | null;
  /** 0 inbound, 1 outbound */
  typeMovement: 0 | 1;
  /** thousandths, > 0 */
  quantity: number;
  /** cents per unit for inbound; null = at the current average cost */
  unitCost: number | null;
  origin: string;
  originId: number | null;
  reason: string | null;
};

/** A movement as the API receives it: the same fields, quantity as a decimal number. */
export type MovementRequest = Omit<MovementInput, "quantity"> & { quantity: number };

/**
 * Validates movements against the registries and the balances (SKU active and of the company,
 * warehouse of the company and active, batch of that SKU, whole quantities for whole units, no
 * stock below zero unless the company allows it) and answers them in thousandths. `prefix` names
 * the item in messages of bulk operations.
 */
export async function checkMovements(
  db: Db,
  companyId: number,
  requests: MovementRequest[],
  prefix: (index: number, message: string) => string = (_i, m) => m,
): Promise<MovementInput[]> {
  const skus = await skusByIds(
    db,
    companyId,
    requests.map((r) => r.skuId),
  );
  const warehouseIds = [...new Set(requests.map((r) => r.warehouseId))];
  const warehouses = new Map<number, { isActive: number }>();
  for (const id of warehouseIds) {
    const row = await warehouseRows.find(db, companyId, id);
    if (row) warehouses.set(id, row);
  }
  const batchIds = requests.flatMap((r) => (r.batchId === null ? [] : [r.batchId]));
  const batches = await batchesByIds(db, companyId, batchIds);
  const allowNegative = await allowsNegativeStock(db, companyId);
  const balance = (r: MovementRequest) =>
    r.batchId === null
      ? balanceOf(db, companyId, r.skuId, r.warehouseId)
      : batchBalanceOf(db, companyId, r.batchId, r.warehouseId);
  return checkMovementsWith(requests, { skus, warehouses, batches, allowNegative, balance }, prefix);
}

/** What `checkMovements` judges movements against (read by it, or by a caller that read them for many). */
export type MovementChecks = {
  skus: Map<number, SkuRow>;
  warehouses: Map<number, { isActive: number }>;
  batches: Map<number, BatchRow>;
  allowNegative: boolean;
  /** The balance before these movements of the request's SKU (or batch) in its warehouse. */
  balance: (request: MovementRequest) => Promise<number> | number;
};

/** `checkMovements` against registries and balances already read. */
export async function checkMovementsWith(
  requests: MovementRequest[],
  known: MovementChecks,
  prefix: (index: number, message: string) => string = (_i, m) => m,
): Promise<MovementInput[]> {
  const { skus, warehouses, batches, allowNegative } = known;
  const pending = new Map<string, number>();
  const out: MovementInput[] = [];
  for (const [index, r] of requests.entries()) {
    const fail = (message: string) => badRequest(prefix(index, message));
    const sku = skus.get(r.skuId);
    if (!sku) throw fail(SKU_NOT_FOUND);
    if (sku.isActive !== 1) throw fail(SKU_INACTIVE);
    const warehouse = warehouses.get(r.warehouseId);
    if (!warehouse) throw fail(WAREHOUSE_NOT_FOUND);
    if (warehouse.isActive !== 1) throw fail(WAREHOUSE_INACTIVE);
    if (r.batchId !== null) {
      const batch = batches.get(r.batchId);
      if (!batch) throw fail(BATCH_NOT_FOUND);
      if (batch.skuId !== r.skuId) throw fail(BATCH_OF_ANOTHER_SKU);
      if (sku.batchControl !== 1) throw fail(BATCH_NOT_CONTROLLED);
    } else if (sku.batchControl === 1) throw fail(BATCH_REQUIRED);
    const problem = quantityProblem(r.quantity, sku);
    if (problem) throw fail(problem);
    const quantity = toMilli(r.quantity);
    if (r.typeMovement === 1 && !allowNegative) {
      const key = `${r.skuId}:${r.warehouseId}:${r.batchId ?? ""}`;
      const before = pending.get(key) ?? (await known.balance(r));
      if (before < quantity) {
        throw fail(
          insufficientStock(r.skuId, r.warehouseId, formatQuantity(before), formatQuantity(quantity)),
        );
      }
      pending.set(key, before - quantity);
    }
    out.push({ ...r, quantity, unitCost: r.typeMovement === 0 ? r.unitCost : null });
  }
  return out;
}

/** The posting date of a company: now in its time zone. */
export const postingDateOf = (company: { timeZone: string | null } | undefined) =>
  nowIn(company?.timeZone ?? DEFAULT_TIME_ZONE);

export async function postingDate(db: Db, companyId: number): Promise<string> {
  return postingDateOf(await findCompany(db, companyId));
}

/**
 * Posts checked movements, plus any statements of the caller, in ONE batch. A concurrent posting
 * that took the stock meanwhile breaks the balances' CHECK: the whole batch is refused (400).
 */
export async function postMovements(
  db: Db,
  caller: Actor,
  movements: MovementInput[],
  extra: { before?: Statement[]; after?: Statement[] } = {},
  conflictMessage = INSUFFICIENT_STOCK_CONCURRENT,
): Promise<MovementRow[]> {
  const date = await postingDate(db, caller.companyId);
  const { statements, uids } = postingStatements(
    db,
    { companyId: caller.companyId, userId: caller.userId, date },
    movements,
  );
  const all = [...(extra.before ?? []), ...statements, ...(extra.after ?? [])];
  try {
    if (all.length > 0) await db.batch(all as [Statement, ...Statement[]]);
  } catch (error) {
    if (isConstraintError(error)) throw badRequest(conflictMessage);
    throw error;
  }
  return movementsByPostings(db, caller.companyId, uids);
}
