import { and, asc, eq, sql } from "drizzle-orm";
import { products, skuBomItems, skuProductionItems, skuProductions } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { purchaseIdByUid } from "../purchases/purchases";
import { rawStatement } from "../raw-statement";
import { type Statement, utcNow } from "../sql";

/** Bills of materials and production orders. */

export type ProductionRow = typeof skuProductions.$inferSelect;
export type BomLine = { inputSkuId: number; quantity: number };
export type BomLineView = BomLine & { code: string | null; name: string };

export async function bomOf(db: Db, companyId: number, skuId: number): Promise<BomLineView[]> {
  return db
    .select({
      inputSkuId: skuBomItems.inputSkuId,
      quantity: skuBomItems.quantity,
      code: products.code,
      name: products.name,
    })
    .from(skuBomItems)
    .innerJoin(products, eq(products.id, skuBomItems.inputSkuId))
    .where(and(eq(skuBomItems.companyId, companyId), eq(skuBomItems.skuId, skuId)))
    .orderBy(asc(products.name), asc(skuBomItems.inputSkuId));
}

/** Replaces the bill of materials of a SKU (one batch: delete, then insert). */
export async function replaceBom(db: Db, companyId: number, skuId: number, lines: BomLine[]): Promise<void> {
  const json = JSON.stringify(lines.map((l) => [l.inputSkuId, l.quantity]));
  await db.batch([
    db.delete(skuBomItems).where(and(eq(skuBomItems.companyId, companyId), eq(skuBomItems.skuId, skuId))),
    rawStatement(
      db,
      sql`INSERT INTO sku_bom_items (company_id, sku_id, input_sku_id, quantity)
        SELECT ${companyId}, ${skuId}, j.value ->> 0, j.value ->> 1 FROM json_each(${json}) AS j`,
    ),
  ]);
}

export type ProductionLine = { inputSkuId: number; batchId: number | null; quantity: number };

/** A production order and its lines, in one batch. */
export async function insertProduction(
  db: Db,
  companyId: number,
  values: {
    skuId: number;
    warehouseId: number;
    batchId: number | null;
    quantity: number;
    description: string | null;
    createdBy: number;
  },
  lines: ProductionLine[],
): Promise<number> {
  const uid = crypto.randomUUID();
  const json = JSON.stringify(lines.map((l, i) => [i, l.inputSkuId, l.batchId, l.quantity]));
  await db.batch([
    db.insert(skuProductions).values({ ...values, companyId, uid }),
    rawStatement(
      db,
      sql`INSERT INTO sku_production_items (company_id, production_id, line, input_sku_id, batch_id, quantity)
        SELECT ${companyId}, (SELECT id FROM sku_productions WHERE uid = ${uid}), j.value ->> 0, j.value ->> 1,
          j.value ->> 2, j.value ->> 3
        FROM json_each(${json}) AS j ORDER BY j.key`,
    ),
  ]);
  const row = await db
    .select({ id: skuProductions.id })
    .from(skuProductions)
    .where(eq(skuProductions.uid, uid))
    .get();
  return row!.id;
}

export type ProductionView = ProductionRow & { skuName: string; skuCode: string | null };

export async function findProduction(
  db: Db,
  companyId: number,
  id: number,
): Promise<ProductionView | undefined> {
  const row = await db
    .select({ production: skuProductions, skuName: products.name, skuCode: products.code })
    .from(skuProductions)
    .innerJoin(products, eq(products.id, skuProductions.skuId))
    .where(and(eq(skuProductions.id, id), eq(skuProductions.companyId, companyId)))
    .get();
  return row ? { ...row.production, skuName: row.skuName, skuCode: row.skuCode } : undefined;
}

export type ProductionItemView = typeof skuProductionItems.$inferSelect & {
  skuName: string;
  skuCode: string | null;
};

export async function productionItems(db: Db, productionId: number): Promise<ProductionItemView[]> {
  const rows = await db
    .select({ item: skuProductionItems, skuName: products.name, skuCode: products.code })
    .from(skuProductionItems)
    .innerJoin(products, eq(products.id, skuProductionItems.inputSkuId))
    .where(eq(skuProductionItems.productionId, productionId))
    .orderBy(asc(skuProductionItems.line));
  return rows.map((r) => ({ ...r.item, skuName: r.skuName, skuCode: r.skuCode }));
}

/**
 * The finish row, first statement of the finish batch: its primary key refuses a second finish, and
 * `costs_ok` (CHECK = 1) refuses a finish whose inputs' average costs moved since they were read
 * (the line costs written below would no longer be the costs the ledger posts).
 */
export function finishStatement(
  db: Db,
  companyId: number,
  productionId: number,
  averages: { skuId: number; averageCost: number }[],
  values: { finishedBy: number; finishedAt: string },
): Statement {
  const json = JSON.stringify(averages.map((a) => [a.skuId, a.averageCost]));
  return rawStatement(
    db,
    sql`INSERT INTO sku_production_finishes (production_id, company_id, costs_ok, finished_by, finished_at)
      VALUES (${productionId}, ${companyId},
        NOT EXISTS (SELECT 1 FROM json_each(${json}) AS j LEFT JOIN sku_stock_totals t ON t.sku_id = j.value ->> 0
          WHERE coalesce(t.average_cost, 0) <> j.value ->> 1),
        ${values.finishedBy}, ${values.finishedAt})`,
  );
}

/** Costs of the lines (cents per unit and line total) and the order's total and receiving document. */
export function finishedStatements(
  db: Db,
  productionId: number,
  lines: { id: number; unitCost: number; totalCost: number }[],
  totalCost: number,
  documentUid: string,
  finishedAt: string,
): Statement[] {
  const json = JSON.stringify(lines.map((l) => [l.id, l.unitCost, l.totalCost]));
  return [
    rawStatement(
      db,
      sql`UPDATE sku_production_items SET unit_cost = j.value ->> 1, total_cost = j.value ->> 2
        FROM json_each(${json}) AS j
        WHERE sku_production_items.id = j.value ->> 0 AND +sku_production_items.production_id = ${productionId}`,
    ),
    db
      .update(skuProductions)
      .set({
        finished: 1,
        totalCost,
        purchaseId: sql`${purchaseIdByUid(documentUid)}`,
        finishedAt,
        updatedAt: utcNow,
      })
      .where(eq(skuProductions.id, productionId)),
  ];
}

/** A receiving document is received as it is written: its receipt row (version guard trivially met). */
export function documentReceiptStatement(
  db: Db,
  companyId: number,
  documentUid: string,
  values: { receivedBy: number; receivedAt: string },
): Statement {
  return rawStatement(
    db,
    sql`INSERT INTO purchase_receipts (purchase_id, company_id, version_ok, surplus_purchase_id, received_by, received_at)
      VALUES (${purchaseIdByUid(documentUid)}, ${companyId}, 1, NULL, ${values.receivedBy}, ${values.receivedAt})`,
  );
}
