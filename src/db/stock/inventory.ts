import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  products,
  stockInventories,
  stockInventoryApplications,
  stockInventoryItems,
  stockInventoryLogs,
} from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { PAGE_SIZE } from "../sql";

/** Inventory count sessions: items written in bulk (one JSON parameter per statement), applied once. */

export type InventoryRow = typeof stockInventories.$inferSelect;
export type InventoryItemRow = typeof stockInventoryItems.$inferSelect;

export async function insertInventory(
  db: Db,
  companyId: number,
  values: { warehouseId: number; description: string | null; createdBy: number },
): Promise<InventoryRow> {
  const [row] = await db
    .insert(stockInventories)
    .values({ ...values, companyId })
    .returning();
  return row!;
}

export async function findInventory(
  db: Db,
  companyId: number,
  id: number,
): Promise<InventoryRow | undefined> {
  return db
    .select()
    .from(stockInventories)
    .where(and(eq(stockInventories.id, id), eq(stockInventories.companyId, companyId)))
    .get();
}

export type CountedLine = { skuId: number; batchId: number | null; countedQty: number };

const ITEMS_PER_STATEMENT = 2000;

/**
 * Counted quantities (the last count of a SKU/batch wins), refused by the database once the
 * session is applied: the rows are inserted only while the session is open.
 */
export function upsertCountedItems(
  db: Db,
  companyId: number,
  inventoryId: number,
  lines: CountedLine[],
): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < lines.length; start += ITEMS_PER_STATEMENT) {
    const json = JSON.stringify(
      lines.slice(start, start + ITEMS_PER_STATEMENT).map((l) => [l.skuId, l.batchId, l.countedQty]),
    );
    out.push(
      rawStatement(
        db,
        sql`INSERT INTO stock_inventory_items (company_id, inventory_id, sku_id, batch_id, batch_key, counted_qty)
          SELECT ${companyId}, ${inventoryId}, j.value ->> 0, j.value ->> 1, coalesce(j.value ->> 1, 0), j.value ->> 2
          FROM json_each(${json}) AS j
          WHERE (SELECT applied FROM stock_inventories WHERE id = ${inventoryId}) = 0
          ORDER BY j.key
          ON CONFLICT (inventory_id, sku_id, batch_key) DO UPDATE SET counted_qty = excluded.counted_qty`,
      ),
    );
  }
  return out;
}

export function insertInventoryLog(db: Db, inventoryId: number, userId: number, message: string) {
  return db.insert(stockInventoryLogs).values({ inventoryId, userId, message });
}

export async function inventoryItemCount(db: Db, inventoryId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(stockInventoryItems)
    .where(eq(stockInventoryItems.inventoryId, inventoryId))
    .get();
  return Number(row?.n ?? 0);
}

export type InventoryItemView = InventoryItemRow & { code: string | null; name: string };

export async function inventoryItemsPage(
  db: Db,
  inventoryId: number,
  page: number,
): Promise<InventoryItemView[]> {
  return db
    .select({
      id: stockInventoryItems.id,
      companyId: stockInventoryItems.companyId,
      inventoryId: stockInventoryItems.inventoryId,
      skuId: stockInventoryItems.skuId,
      batchId: stockInventoryItems.batchId,
      batchKey: stockInventoryItems.batchKey,
      countedQty: stockInventoryItems.countedQty,
      systemQty: stockInventoryItems.systemQty,
      difference: stockInventoryItems.difference,
      createdAt: stockInventoryItems.createdAt,
      code: products.code,
      name: products.name,
    })
    .from(stockInventoryItems)
    .innerJoin(products, eq(products.id, stockInventoryItems.skuId))
    .where(eq(stockInventoryItems.inventoryId, inventoryId))
    .orderBy(asc(stockInventoryItems.id))
    .limit(PAGE_SIZE + 1)
    .offset(page * PAGE_SIZE);
}

/** Every item with the balance it would adjust (warehouse balance, or batch balance in the warehouse). */
export async function itemsWithBalances(
  db: Db,
  inventoryId: number,
  warehouseId: number,
): Promise<{ skuId: number; batchId: number | null; countedQty: number; systemQty: number }[]> {
  const rows = await db.all<{
    sku_id: number;
    batch_id: number | null;
    counted_qty: number;
    system_qty: number;
  }>(
    sql`SELECT i.sku_id, i.batch_id, i.counted_qty,
        CASE WHEN i.batch_id IS NULL
          THEN coalesce((SELECT b.qty FROM stock_balances b WHERE b.sku_id = i.sku_id AND b.warehouse_id = ${warehouseId}), 0)
          ELSE coalesce((SELECT bb.qty FROM stock_batch_balances bb WHERE bb.batch_id = i.batch_id AND bb.warehouse_id = ${warehouseId}), 0)
        END AS system_qty
      FROM stock_inventory_items i WHERE i.inventory_id = ${inventoryId} ORDER BY i.id`,
  );
  return rows.map((r) => ({
    skuId: r.sku_id,
    batchId: r.batch_id,
    countedQty: r.counted_qty,
    systemQty: r.system_qty,
  }));
}

/**
 * The state writes of an apply, placed before the movements in the same batch: the application
 * row (its primary key refuses a second apply, even a concurrent one) and the session's state.
 */
export function markApplied(db: Db, companyId: number, inventoryId: number, userId: number, at: string) {
  return [
    db.insert(stockInventoryApplications).values({ inventoryId, appliedBy: userId }),
    db
      .update(stockInventories)
      .set({ applied: 1, appliedAt: at })
      .where(and(eq(stockInventories.id, inventoryId), eq(stockInventories.companyId, companyId))),
  ];
}

/**
 * Records on each item the balance it is compared with and the difference (placed before the
 * movements in the apply's batch, so it reads the balances the differences are posted against).
 */
export function recordDifferences(db: Db, inventoryId: number, warehouseId: number): BatchItem<"sqlite"> {
  const system = sql`CASE WHEN i.batch_id IS NULL
      THEN coalesce((SELECT b.qty FROM stock_balances b WHERE b.sku_id = i.sku_id AND b.warehouse_id = ${warehouseId}), 0)
      ELSE coalesce((SELECT bb.qty FROM stock_batch_balances bb WHERE bb.batch_id = i.batch_id AND bb.warehouse_id = ${warehouseId}), 0)
    END`;
  return rawStatement(
    db,
    sql`UPDATE stock_inventory_items AS i SET system_qty = ${system}, difference = i.counted_qty - ${system}
      WHERE i.inventory_id = ${inventoryId}`,
  );
}

export async function inventoryLogs(db: Db, inventoryId: number) {
  return db
    .select()
    .from(stockInventoryLogs)
    .where(eq(stockInventoryLogs.inventoryId, inventoryId))
    .orderBy(asc(stockInventoryLogs.id));
}

export async function isApplied(db: Db, inventoryId: number): Promise<boolean> {
  const row = await db
    .select({ id: stockInventoryApplications.inventoryId })
    .from(stockInventoryApplications)
    .where(eq(stockInventoryApplications.inventoryId, inventoryId))
    .get();
  return row !== undefined;
}
