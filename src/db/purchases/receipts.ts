import { and, eq, sql } from "drizzle-orm";
import { purchases } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
import { type Statement, utcNow } from "../sql";
import { purchaseIdByUid } from "./purchases";

/** The writes of a receiving check, all for the caller's one batch. */

export type ReceiptLineValues = { itemId: number; skuId: number; batchId: number | null; quantity: number };
export type ItemCount = { itemId: number; receivedQty: number; countedQty: number };

/**
 * The receipt row: its primary key refuses a second check of the purchase, and its CHECK refuses
 * a check whose purchase changed (an edit, another check) after `version` was read.
 */
export function receiptStatement(
  db: Db,
  companyId: number,
  purchase: { id: number; version: number },
  values: { surplusUid: string | null; receivedBy: number; receivedAt: string; nfeId?: number | null },
): Statement {
  const surplus = values.surplusUid === null ? sql`NULL` : purchaseIdByUid(values.surplusUid);
  return rawStatement(
    db,
    sql`INSERT INTO purchase_receipts (purchase_id, company_id, version_ok, surplus_purchase_id, received_by, received_at, nfe_id)
      SELECT p.id, ${companyId}, p.version = ${purchase.version}, ${surplus}, ${values.receivedBy}, ${values.receivedAt}, ${values.nfeId ?? null}
      FROM purchases p WHERE p.id = ${purchase.id} AND p.company_id = ${companyId}`,
  );
}

export function receivedStatusStatement(
  db: Db,
  companyId: number,
  purchaseId: number,
  statusId: number,
): Statement {
  return db
    .update(purchases)
    .set({ statusId, version: sql`${purchases.version} + 1`, updatedAt: utcNow })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.companyId, companyId)));
}

/**
 * Received and counted quantities of the items (one JSON parameter). The unary `+` keeps SQLite from
 * walking the purchase's items and scanning the JSON for each: every JSON row finds its item by id.
 */
export function itemCountsStatement(db: Db, purchaseId: number, counts: ItemCount[]): Statement {
  const json = JSON.stringify(counts.map((c) => [c.itemId, c.receivedQty, c.countedQty]));
  return rawStatement(
    db,
    sql`UPDATE purchase_items SET received_qty = j.value ->> 1, counted_qty = j.value ->> 2
      FROM json_each(${json}) AS j
      WHERE purchase_items.id = j.value ->> 0 AND +purchase_items.purchase_id = ${purchaseId}`,
  );
}

const LINES_PER_STATEMENT = 2000;

export function receiptLineStatements(
  db: Db,
  companyId: number,
  purchaseId: number,
  lines: ReceiptLineValues[],
): Statement[] {
  const out: Statement[] = [];
  for (let start = 0; start < lines.length; start += LINES_PER_STATEMENT) {
    const json = JSON.stringify(
      lines.slice(start, start + LINES_PER_STATEMENT).map((l) => [l.itemId, l.skuId, l.batchId, l.quantity]),
    );
    out.push(
      rawStatement(
        db,
        sql`INSERT INTO purchase_receipt_lines (company_id, purchase_id, item_id, sku_id, batch_id, batch_key, quantity)
          SELECT ${companyId}, ${purchaseId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, coalesce(j.value ->> 2, 0), j.value ->> 3
          FROM json_each(${json}) AS j ORDER BY j.key`,
      ),
    );
  }
  return out;
}

/** Payable titles of a purchase: the link of each installment to the title inserted under its uid. */
export function purchaseTitleStatement(
  db: Db,
  companyId: number,
  purchaseId: number,
  installment: number,
  titleId: ReturnType<typeof sql>,
): Statement {
  return rawStatement(
    db,
    sql`INSERT INTO purchase_titles (purchase_id, installment, title_id, company_id)
      VALUES (${purchaseId}, ${installment}, ${titleId}, ${companyId})`,
  );
}

export type NewBatch = {
  skuId: number;
  code: string;
  expirationDate: string | null;
  manufacturingDate: string | null;
};

/**
 * Registers batches a check names by code that do not exist yet (the (SKU, code) key makes it
 * idempotent), before the check's batch, which needs their ids.
 */
export async function registerBatches(db: Db, companyId: number, batches: NewBatch[]): Promise<void> {
  if (batches.length === 0) return;
  const json = JSON.stringify(batches.map((b) => [b.skuId, b.code, b.expirationDate, b.manufacturingDate]));
  await db.run(
    sql`INSERT INTO sku_batches (company_id, sku_id, code, expiration_date, manufacturing_date)
      SELECT ${companyId}, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(${json}) AS j
      WHERE true ON CONFLICT (sku_id, code) DO NOTHING`,
  );
}
