import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { skuStockTotals, stockBalances, stockBatchBalances, stockMovements } from "../../../drizzle/schema";
import type { KardexRequest } from "../../domain/stock/balances";
import type { MovementInput } from "../../domain/stock/ledger";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { eqIf, inGroups, onPage } from "../sql";

/**
 * The stock ledger's writes. A posting is a list of movements; it is written as "rounds" in which
 * every SKU appears at most once, each round being:
 * 1. INSERT ... SELECT from one JSON parameter (json_each), joined to the totals as they stand:
 *    each row gets its unit cost (outbound: the average now), the average after it and the
 *    balances after it, computed in SQL from the totals, so concurrent postings cannot lose updates
 *    (D1 runs a batch as one transaction, serialised with the others);
 * 2. the totals moved with arithmetic in SQL (warehouse balance, batch balance, SKU total/average),
 *    reading the round's rows by their posting key.
 * The CHECK on the balances refuses stock below zero unless the company allows negative stock.
 * Everything goes into the caller's single db.batch.
 */

export type PostingScope = { companyId: number; userId: number | null; date: string };

/** Rows per INSERT statement (one JSON parameter each). */
const ROWS_PER_STATEMENT = 2000;

/** Splits movements into rounds where each SKU appears once, keeping their order per SKU. */
function rounds(movements: MovementInput[]): MovementInput[][] {
  const out: MovementInput[][] = [];
  const seen: Map<number, number> = new Map();
  for (const m of movements) {
    const index = seen.get(m.skuId) ?? 0;
    out[index] ??= [];
    out[index]!.push(m);
    seen.set(m.skuId, index + 1);
  }
  return out;
}

function insertRound(db: Db, scope: PostingScope, uid: string, rows: MovementInput[]): BatchItem<"sqlite"> {
  const json = JSON.stringify(
    rows.map((m) => [
      m.skuId,
      m.warehouseId,
      m.batchId,
      m.typeMovement,
      m.quantity,
      m.unitCost,
      m.origin,
      m.originId,
      m.reason,
    ]),
  );
  return rawStatement(
    db,
    sql`INSERT INTO stock_movements (company_id, sku_id, warehouse_id, batch_id, date, type_movement, quantity,
        unit_cost, average_cost, warehouse_qty_after, batch_qty_after, batch_value_after, origin, origin_id, reason,
        user_id, post_uid)
      SELECT ${scope.companyId}, x.sku, x.wh, x.batch, ${scope.date}, x.type, x.qty, x.cost,
        CASE
          WHEN x.type = 1 THEN x.avg_before
          WHEN x.qty_before <= 0 OR x.qty_before + x.qty <= 0 THEN x.cost
          ELSE (2 * (x.qty_before * x.avg_before + x.qty * x.cost) + (x.qty_before + x.qty)) / (2 * (x.qty_before + x.qty))
        END,
        x.wh_before + x.delta,
        CASE WHEN x.batch IS NULL THEN NULL ELSE
          coalesce((SELECT sum(bb.qty) FROM stock_batch_balances bb WHERE bb.batch_id = x.batch), 0) + x.delta END,
        CASE WHEN x.batch IS NULL THEN NULL ELSE
          coalesce((SELECT sum(bb.value) FROM stock_batch_balances bb WHERE bb.batch_id = x.batch), 0) + x.delta * x.cost END,
        x.origin, x.origin_id, x.reason, ${scope.userId}, ${uid}
      FROM (
        SELECT v.*,
          CASE WHEN v.type = 0 THEN v.qty ELSE -v.qty END AS delta,
          coalesce(t.qty, 0) AS qty_before,
          coalesce(t.average_cost, 0) AS avg_before,
          coalesce(b.qty, 0) AS wh_before,
          CASE WHEN v.type = 0 THEN coalesce(v.given_cost, t.average_cost, 0) ELSE coalesce(t.average_cost, 0) END AS cost
        FROM (
          SELECT j.key AS seq, j.value ->> 0 AS sku, j.value ->> 1 AS wh, j.value ->> 2 AS batch, j.value ->> 3 AS type,
            j.value ->> 4 AS qty, j.value ->> 5 AS given_cost, j.value ->> 6 AS origin, j.value ->> 7 AS origin_id,
            j.value ->> 8 AS reason
          FROM json_each(${json}) AS j
        ) AS v
        LEFT JOIN sku_stock_totals t ON t.sku_id = v.sku
        LEFT JOIN stock_balances b ON b.sku_id = v.sku AND b.warehouse_id = v.wh
      ) AS x
      ORDER BY x.seq`,
  );
}

/**
 * The totals of a round. SQLite checks CHECK constraints on the row an UPSERT would insert before
 * it looks for a conflict, so the balances are first created at zero (INSERT ... DO NOTHING); the
 * second UPSERT then always takes its DO UPDATE path (the candidate row carries allow_negative 1
 * only to pass that early check), where the CHECK judges the real new balance against the
 * company's setting. Each statement looks rows up by key: linear in the round's size.
 */
function upsertTotals(db: Db, companyId: number, uid: string, withBatches: boolean): BatchItem<"sqlite">[] {
  const delta = sql.raw("CASE WHEN m.type_movement = 0 THEN m.quantity ELSE -m.quantity END");
  const allow = sql`(SELECT allow_negative_stock FROM companies WHERE id = ${companyId})`;
  const batchTotals = [
    rawStatement(
      db,
      sql`INSERT INTO stock_batch_balances (company_id, batch_id, sku_id, warehouse_id, qty, value, allow_negative)
        SELECT ${companyId}, m.batch_id, m.sku_id, m.warehouse_id, 0, 0, 0
        FROM stock_movements m WHERE m.post_uid = ${uid} AND m.batch_id IS NOT NULL
        ON CONFLICT (batch_id, warehouse_id) DO NOTHING`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO stock_batch_balances (company_id, batch_id, sku_id, warehouse_id, qty, value, allow_negative)
        SELECT ${companyId}, m.batch_id, m.sku_id, m.warehouse_id, ${delta}, ${delta} * m.unit_cost, 1
        FROM stock_movements m WHERE m.post_uid = ${uid} AND m.batch_id IS NOT NULL
        ON CONFLICT (batch_id, warehouse_id) DO UPDATE SET
          qty = qty + excluded.qty, value = value + excluded.value, allow_negative = ${allow}`,
    ),
  ];
  return [
    rawStatement(
      db,
      sql`INSERT INTO stock_balances (company_id, sku_id, warehouse_id, qty, movements, allow_negative)
        SELECT ${companyId}, m.sku_id, m.warehouse_id, 0, 0, 0
        FROM stock_movements m WHERE m.post_uid = ${uid}
        ON CONFLICT (sku_id, warehouse_id) DO NOTHING`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO stock_balances (company_id, sku_id, warehouse_id, qty, movements, allow_negative)
        SELECT ${companyId}, m.sku_id, m.warehouse_id, ${delta}, 1, 1
        FROM stock_movements m WHERE m.post_uid = ${uid}
        ON CONFLICT (sku_id, warehouse_id) DO UPDATE SET
          qty = qty + excluded.qty, movements = movements + 1, allow_negative = ${allow}`,
    ),
    // the batch balances only when a movement of the round has a batch (else they select nothing)
    ...(withBatches ? batchTotals : []),
    rawStatement(
      db,
      sql`INSERT INTO sku_stock_totals (sku_id, company_id, qty, average_cost, movements)
        SELECT m.sku_id, ${companyId}, ${delta}, m.average_cost, 1
        FROM stock_movements m WHERE m.post_uid = ${uid}
        ON CONFLICT (sku_id) DO UPDATE SET
          qty = qty + excluded.qty, average_cost = excluded.average_cost, movements = movements + 1`,
    ),
  ];
}

/** The statements of a posting, in order, for the caller's db.batch; and the posting keys used. */
export function postingStatements(
  db: Db,
  scope: PostingScope,
  movements: MovementInput[],
): { statements: BatchItem<"sqlite">[]; uids: string[] } {
  const statements: BatchItem<"sqlite">[] = [];
  const uids: string[] = [];
  for (const round of rounds(movements)) {
    const uid = crypto.randomUUID();
    uids.push(uid);
    for (const group of inGroups(round, ROWS_PER_STATEMENT))
      statements.push(insertRound(db, scope, uid, group));
    const withBatches = round.some((m) => m.batchId !== null && m.batchId !== undefined);
    statements.push(...upsertTotals(db, scope.companyId, uid, withBatches));
  }
  return { statements, uids };
}

export type MovementRow = typeof stockMovements.$inferSelect;

export async function movementsByPostings(db: Db, companyId: number, uids: string[]): Promise<MovementRow[]> {
  if (uids.length === 0) return [];
  return db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.companyId, companyId), inArray(stockMovements.postUid, uids)))
    .orderBy(asc(stockMovements.id));
}

/** Movements in posting order (the stored balances after each line make the running balance). */
export async function kardex(
  db: Db,
  companyId: number,
  filter: Omit<KardexRequest, "type">,
): Promise<MovementRow[]> {
  const conditions = [
    eq(stockMovements.companyId, companyId),
    eqIf(stockMovements.skuId, filter.skuId),
    eqIf(stockMovements.warehouseId, filter.warehouseId),
    eqIf(stockMovements.batchId, filter.batchId),
    filter.dateFrom ? gte(stockMovements.date, `${filter.dateFrom} 00:00:00`) : undefined,
    filter.dateTo ? lte(stockMovements.date, `${filter.dateTo} 23:59:59`) : undefined,
  ];
  return onPage(
    db
      .select()
      .from(stockMovements)
      .where(and(...conditions))
      .orderBy(asc(stockMovements.id)),
    filter.page,
  );
}

/** Balance per warehouse of the given SKUs (running totals: one row per SKU and warehouse). */
export async function warehouseBalances(
  db: Db,
  companyId: number,
  skuIds: number[],
): Promise<{ skuId: number; warehouseId: number; qty: number }[]> {
  if (skuIds.length === 0) return [];
  const out: { skuId: number; warehouseId: number; qty: number }[] = [];
  for (const group of inGroups(skuIds, 90)) {
    out.push(
      ...(await db
        .select({
          skuId: stockBalances.skuId,
          warehouseId: stockBalances.warehouseId,
          qty: stockBalances.qty,
        })
        .from(stockBalances)
        .where(and(eq(stockBalances.companyId, companyId), inArray(stockBalances.skuId, group)))),
    );
  }
  return out;
}

export async function balanceOf(
  db: Db,
  companyId: number,
  skuId: number,
  warehouseId: number,
): Promise<number> {
  const row = await db
    .select({ qty: stockBalances.qty })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, companyId),
        eq(stockBalances.skuId, skuId),
        eq(stockBalances.warehouseId, warehouseId),
      ),
    )
    .get();
  return row?.qty ?? 0;
}

export async function batchBalanceOf(
  db: Db,
  companyId: number,
  batchId: number,
  warehouseId: number,
): Promise<number> {
  const row = await db
    .select({ qty: stockBatchBalances.qty })
    .from(stockBatchBalances)
    .where(
      and(
        eq(stockBatchBalances.companyId, companyId),
        eq(stockBatchBalances.batchId, batchId),
        eq(stockBatchBalances.warehouseId, warehouseId),
      ),
    )
    .get();
  return row?.qty ?? 0;
}

export async function skuTotals(
  db: Db,
  companyId: number,
  skuIds: number[],
): Promise<Map<number, { qty: number; averageCost: number }>> {
  const out = new Map<number, { qty: number; averageCost: number }>();
  for (const group of inGroups(skuIds, 90)) {
    const rows = await db
      .select({
        skuId: skuStockTotals.skuId,
        qty: skuStockTotals.qty,
        averageCost: skuStockTotals.averageCost,
      })
      .from(skuStockTotals)
      .where(and(eq(skuStockTotals.companyId, companyId), inArray(skuStockTotals.skuId, group)));
    for (const row of rows) out.set(row.skuId, { qty: row.qty, averageCost: row.averageCost });
  }
  return out;
}

/** Balance per batch (all warehouses, or one) for the given batches. */
export async function batchBalances(
  db: Db,
  companyId: number,
  batchIds: number[],
  warehouseId?: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const group of inGroups(batchIds, 90)) {
    const conditions = [
      eq(stockBatchBalances.companyId, companyId),
      inArray(stockBatchBalances.batchId, group),
      eqIf(stockBatchBalances.warehouseId, warehouseId),
    ];
    const rows = await db
      .select({ batchId: stockBatchBalances.batchId, qty: sql<number>`sum(${stockBatchBalances.qty})` })
      .from(stockBatchBalances)
      .where(and(...conditions))
      .groupBy(stockBatchBalances.batchId);
    for (const row of rows) out.set(row.batchId, Number(row.qty));
  }
  return out;
}
