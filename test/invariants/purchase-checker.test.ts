import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type Corruption, reports } from "../support/corruptions";
import { invariantViolations } from "../support/invariants";
import { newPurchase, purchaseWorld, setRate } from "../support/purchase-factories";
import { seedAccounts } from "../support/seed";
import { adjust, newSku } from "../support/stock-factories";
import { adminApi } from "./world";

/**
 * The purchase and production invariants: clean on a purchase received through the API (with
 * installments and a surplus) and a finished production order, and each corruption (written
 * straight into D1, then undone) is reported with the row it concerns.
 */

const ids = {} as {
  purchase: number;
  item: number;
  title: number;
  production: number;
  productionLine: number;
};

beforeAll(async () => {
  await seedAccounts();
  const api = await adminApi();
  const world = await purchaseWorld(api, { skuCount: 2 });
  await setRate(api, world.paymentTypeId, 2);
  const purchase = await newPurchase(api, world, { IDTypePayment: world.paymentTypeId, Installments: 2 });
  const checked = await api.post(`/purchase/${purchase.IDPurchase}/check`, {
    CreateNewPurchaseSentMore: 1,
    Items: purchase.Items.map((i, n) => ({
      IDStockKeepingUnitPurchase: i.IDStockKeepingUnitPurchase,
      Quantity: i.Quantity + n,
    })),
  });
  expect(checked).toMatchObject({ status: 200, body: { IDStatusPurchase: 9, Payables: [{}, {}] } });

  const kit = await newSku(api);
  await adjust(api, {
    IDSku: world.skus[0]!,
    IDWarehouse: world.warehouseId,
    IDTypeMovement: 0,
    Quantity: 7,
    UnitCost: 3.1,
  });
  const production = await api.post("/sku/production", {
    IDSku: kit.IDSku,
    IDWarehouse: world.warehouseId,
    Quantity: 3,
    Items: [
      { IDSku: world.skus[0], Quantity: 5 },
      { IDSku: world.skus[1], Quantity: 1 },
    ],
  });
  const productionId = production.body.IDStockKeepingUnitProduction;
  expect((await api.post(`/sku/production/${productionId}/finish`)).status).toBe(200);

  Object.assign(ids, {
    purchase: purchase.IDPurchase,
    item: purchase.Items[0]!.IDStockKeepingUnitPurchase,
    title: checked.body.Payables[1]!.IDAccountPayableReceivable,
    production: productionId,
    productionLine: production.body.Items[0]!.IDStockKeepingUnitProductionItem,
  });
});

describe("purchase and production invariants", () => {
  it("finds nothing wrong in purchases and production written through the API", async () => {
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  const corruptions: Corruption[] = [
    [
      "a received quantity posted twice",
      () =>
        `INSERT INTO stock_movements (company_id, sku_id, warehouse_id, date, type_movement, quantity, unit_cost, average_cost,
           warehouse_qty_after, origin, origin_id, post_uid)
         SELECT company_id, sku_id, warehouse_id, date, 0, quantity, unit_cost, average_cost, warehouse_qty_after, origin,
           origin_id, 'corrupt' FROM stock_movements WHERE origin = 'purchase' AND origin_id = ${ids.purchase} LIMIT 1`,
      () => "DELETE FROM stock_movements WHERE post_uid = 'corrupt'",
      /^purchase receipts: purchase \d+ sku \d+: received \d+ in 1 line\(s\), moved \d+ in 2/,
    ],
    [
      "an item whose received quantity is not its receipt lines",
      () => `UPDATE purchase_items SET received_qty = received_qty + 1 WHERE id = ${ids.item}`,
      () => `UPDATE purchase_items SET received_qty = received_qty - 1 WHERE id = ${ids.item}`,
      /^purchase receipts: purchase item \d+: received/,
    ],
    [
      "a received purchase moved back to a status before receipt",
      () => `UPDATE purchases SET status_id = 7 WHERE id = ${ids.purchase}`,
      () => `UPDATE purchases SET status_id = 9 WHERE id = ${ids.purchase}`,
      /^purchase receipts: purchase \d+: status 7 disagrees with its receipt/,
    ],
    [
      "payables that no longer add up to what was received",
      () => `UPDATE titles SET value = value + 1, open_value = open_value + 1 WHERE id = ${ids.title}`,
      () => `UPDATE titles SET value = value - 1, open_value = open_value - 1 WHERE id = ${ids.title}`,
      /^purchase payables: purchase \d+: received \d+, payables 2 of/,
    ],
    [
      "a payable deleted",
      () => `UPDATE titles SET status = 0 WHERE id = ${ids.title}`,
      () => `UPDATE titles SET status = 1 WHERE id = ${ids.title}`,
      /^purchase payables: purchase \d+ installment 2: title \d+ deleted/,
    ],
    [
      "a payable due on another date than the terms",
      () => `UPDATE titles SET due_date = date(due_date, '+1 day') WHERE id = ${ids.title}`,
      () => `UPDATE titles SET due_date = date(due_date, '-1 day') WHERE id = ${ids.title}`,
      /^purchase payables: purchase \d+: .*terms say/,
    ],
    [
      "a production total that is not the sum of its lines",
      () => `UPDATE sku_productions SET total_cost = total_cost + 1 WHERE id = ${ids.production}`,
      () => `UPDATE sku_productions SET total_cost = total_cost - 1 WHERE id = ${ids.production}`,
      /^production cost: production \d+: total/,
    ],
    [
      "a consumed line without its outbound movement",
      () => `UPDATE sku_production_items SET quantity = quantity + 1 WHERE id = ${ids.productionLine}`,
      () => `UPDATE sku_production_items SET quantity = quantity - 1 WHERE id = ${ids.productionLine}`,
      /^production cost: production \d+ line \d+: 0 outbound movement/,
    ],
    [
      "a production finished without its finish row",
      () =>
        `UPDATE sku_production_finishes SET production_id = -production_id WHERE production_id = ${ids.production}`,
      () =>
        `UPDATE sku_production_finishes SET production_id = -production_id WHERE production_id = -${ids.production}`,
      /^production cost: production \d+: 1 inbound movement/,
    ],
  ];

  it.each(corruptions)("reports %s", reports);
});
