import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../src/domain/orders/order-statuses";
import { PURCHASE_STATUSES } from "../../src/domain/purchases/statuses";

/**
 * The status registries the migrations seed in every account (0004_order_status_seed,
 * 0009_purchase_status_seed) hold exactly the rows the code names and decides with: ids,
 * descriptions, colours and every flag (reserves stock, handling, awaiting receipt, editable, final).
 */

const accounts = { demo: env.DB_DEMO, acme: env.DB_ACME };

describe.each(Object.entries(accounts))("the seeded status registries of %s", (_account, database) => {
  it("order_statuses is ORDER_STATUSES", async () => {
    const { results } = await database
      .prepare(
        `SELECT id, description, color_code AS colorCode, reserves_stock AS reservesStock, handling, final
         FROM order_statuses ORDER BY id`,
      )
      .all();
    expect(results).toEqual([...ORDER_STATUSES].sort((a, b) => a.id - b.id));
  });

  it("purchase_statuses is PURCHASE_STATUSES", async () => {
    const { results } = await database
      .prepare(
        `SELECT id, description, color_code AS colorCode, awaiting_receipt AS awaitingReceipt, editable, final
         FROM purchase_statuses ORDER BY id`,
      )
      .all();
    expect(results).toEqual([...PURCHASE_STATUSES].sort((a, b) => a.id - b.id));
  });
});
