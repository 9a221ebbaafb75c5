import { findInventory } from "../../db/stock/inventory";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { INVENTORY_APPLIED_NO_CHANGES, INVENTORY_CSV_PARAMS, INVENTORY_NOT_FOUND } from "./messages";

/** `IDStockKeepingUnitInventorySummary` of a `StockInventoryCount` job: an open count of the company. */
export async function inventoryCountParams(
  db: Db,
  companyId: number,
  input: { IDStockKeepingUnitInventorySummary?: number },
): Promise<Record<string, number>> {
  const id = input.IDStockKeepingUnitInventorySummary;
  if (id === undefined) throw badRequest(INVENTORY_CSV_PARAMS);
  const inventory = await findInventory(db, companyId, id);
  if (!inventory) throw badRequest(INVENTORY_NOT_FOUND);
  if (inventory.applied === 1) throw badRequest(INVENTORY_APPLIED_NO_CHANGES);
  return { IDStockKeepingUnitInventorySummary: id };
}

/** The inventory id stored on a job; null when absent or unreadable. */
export function inventoryIdOf(params: string): number | null {
  try {
    const { IDStockKeepingUnitInventorySummary: id } = JSON.parse(params) as Record<string, unknown>;
    return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
