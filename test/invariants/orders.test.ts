import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { errorBody } from "../support/api";
import { type Corruption, reports } from "../support/corruptions";
import { invariantViolations } from "../support/invariants";
import {
  historyRows,
  newOrder,
  orderMovements,
  paymentTypeWithRate,
  stockedSku,
} from "../support/order-factories";
import { companyOneApi } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";

/**
 * The orders' invariants: clean after orders written through the API (reserved, invoiced, returned,
 * paid), each kind of corruption reported, and concurrent status changes of one order leaving
 * exactly one history row per accepted transition.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
const ids = {} as {
  reserved: number;
  reservedSku: number;
  invoiced: number;
  invoicedItem: number;
  returned: number;
  paid: number;
};

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  const { skuId, warehouseId } = await stockedSku(api, { stock: 100 });
  const card = await paymentTypeWithRate(api, 2);
  const reserved = await newOrder(api, {
    IDWarehouse: warehouseId,
    IDStatusOrder: 50,
    Items: [{ IDSku: skuId, Quantity: 3 }],
  });
  const invoiced = await newOrder(api, {
    IDWarehouse: warehouseId,
    IDStatusOrder: 23,
    Items: [{ IDSku: skuId, Quantity: 2 }],
  });
  expect((await api.put(`/orders/${invoiced.IDOrder}`, { IDStatusOrder: 6 })).status).toBe(200);
  const returned = await newOrder(api, {
    IDWarehouse: warehouseId,
    IDStatusOrder: 3,
    Items: [{ IDSku: skuId, Quantity: 1 }],
  });
  expect((await api.put(`/orders/${returned.IDOrder}`, { IDStatusOrder: 6 })).status).toBe(200);
  expect((await api.put(`/orders/${returned.IDOrder}`, { IDStatusOrder: 11 })).status).toBe(200);
  const paid = await newOrder(api, {
    IDWarehouse: warehouseId,
    Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 100, ReverseTaxCalculation: 1 }],
    Payments: [{ IDTypePayment: card, Installments: 2, Value: 60 }],
  });
  Object.assign(ids, {
    reserved: reserved.IDOrder,
    reservedSku: skuId,
    invoiced: invoiced.IDOrder,
    invoicedItem: invoiced.Items[0]!.IDSkuMovement,
    returned: returned.IDOrder,
    paid: paid.IDOrder,
  });
});

describe("order invariants", () => {
  it("finds nothing wrong in orders written through the API", async () => {
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  const corruptions: Corruption[] = [
    [
      "a reservation that is not the sum of the open reserving items",
      () => `UPDATE stock_reservations SET quantity = quantity + 1 WHERE order_id = ${ids.reserved}`,
      () => `UPDATE stock_reservations SET quantity = quantity - 1 WHERE order_id = ${ids.reserved}`,
      /^order reservations: order \d+ sku \d+: items 3000, reserved 3001/,
    ],
    [
      "a reservation left behind by an invoiced order",
      () =>
        `INSERT INTO stock_reservations (company_id, order_id, sku_id, warehouse_id, quantity, status_order_id)
         SELECT company_id, id, ${ids.reservedSku}, warehouse_id, 1000, 23 FROM orders WHERE id = ${ids.invoiced}`,
      () => `DELETE FROM stock_reservations WHERE order_id = ${ids.invoiced}`,
      /^order reservations: reservation \d+ \(order \d+, sku \d+\): no open reserving item/,
    ],
    [
      "an invoiced item without its outbound movement",
      () => `UPDATE order_items SET out_movement_id = NULL WHERE id = ${ids.invoicedItem}`,
      () =>
        `UPDATE order_items SET out_movement_id = (SELECT id FROM stock_movements WHERE origin = 'order' AND origin_id = ${ids.invoicedItem})
         WHERE id = ${ids.invoicedItem}`,
      /^order movements: item \d+ of order \d+ \(stock state 1\): 1 outbound, 0 returns, linked -\/-/,
    ],
    [
      "an item moved out twice",
      () =>
        `INSERT INTO stock_movements (company_id, sku_id, warehouse_id, date, type_movement, quantity, unit_cost, average_cost,
           warehouse_qty_after, origin, origin_id, post_uid)
         SELECT company_id, sku_id, warehouse_id, date, 1, quantity, unit_cost, average_cost, warehouse_qty_after, origin, origin_id, 'dup'
         FROM stock_movements WHERE origin = 'order' AND origin_id = ${ids.invoicedItem}`,
      () => "DELETE FROM stock_movements WHERE post_uid = 'dup'",
      /^order movements: item \d+ of order \d+ \(stock state 1\): 2 outbound/,
    ],
    [
      "an order total that is not its items plus freight minus discount",
      () => `UPDATE orders SET freight = freight + 1 WHERE id = ${ids.paid}`,
      () => `UPDATE orders SET freight = freight - 1 WHERE id = ${ids.paid}`,
      /^order totals: order \d+: kept/,
    ],
    [
      "a paid value that is not the sum of the order's titles",
      () =>
        `UPDATE titles SET value = value + 1, open_value = open_value + 1 WHERE id = (SELECT min(title_id) FROM order_payments WHERE order_id = ${ids.paid})`,
      () =>
        `UPDATE titles SET value = value - 1, open_value = open_value - 1 WHERE id = (SELECT min(title_id) FROM order_payments WHERE order_id = ${ids.paid})`,
      /^order totals: order \d+: .*paid 6000.*titles 6001/,
    ],
    [
      "a payment title deleted, even with the paid value following it",
      () =>
        `UPDATE titles SET status = 0 WHERE id = (SELECT max(title_id) FROM order_payments WHERE order_id = ${ids.paid});
         UPDATE orders SET paid_value = 3000 WHERE id = ${ids.paid}`,
      () =>
        `UPDATE titles SET status = 1 WHERE id = (SELECT max(title_id) FROM order_payments WHERE order_id = ${ids.paid});
         UPDATE orders SET paid_value = 6000 WHERE id = ${ids.paid}`,
      /^order payments: order \d+ payment title \d+: deleted/,
    ],
    [
      "a payment whose installments are not each linked to a title",
      () =>
        `UPDATE order_payments SET installment = 1 WHERE title_id = (SELECT max(title_id) FROM order_payments WHERE order_id = ${ids.paid})`,
      () =>
        `UPDATE order_payments SET installment = 2 WHERE title_id = (SELECT max(title_id) FROM order_payments WHERE order_id = ${ids.paid})`,
      /^order payments: order \d+ payment of type \d+ in 2 installment\(s\): titles of installments 1,1/,
    ],
    [
      "a status without its history row",
      () => `UPDATE orders SET status_id = 7, status_seq = status_seq + 1 WHERE id = ${ids.invoiced}`,
      () => `UPDATE orders SET status_id = 6, status_seq = status_seq - 1 WHERE id = ${ids.invoiced}`,
      /^order history: order \d+: status 7 seq 3, history 2 rows up to seq 2/,
    ],
    [
      "a history row that does not start where the previous one ended",
      () => `UPDATE order_status_history SET from_status_id = 1 WHERE order_id = ${ids.returned} AND seq = 3`,
      () => `UPDATE order_status_history SET from_status_id = 6 WHERE order_id = ${ids.returned} AND seq = 3`,
      /^order history: order \d+ seq 3: from 1, previous went to 6/,
    ],
  ];

  it.each(corruptions)("reports %s", reports);
});

describe("concurrent status changes", () => {
  it("of one order leave one history row per accepted transition; the loser writes nothing", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 50 });
    const orders = [];
    for (let i = 0; i < 6; i++)
      orders.push(
        await newOrder(api, {
          IDWarehouse: warehouseId,
          IDStatusOrder: 23,
          Items: [{ IDSku: skuId, Quantity: 2 }],
        }),
      );
    const answers = await Promise.all(
      orders.flatMap((o) => [
        api.put(`/orders/${o.IDOrder}`, { IDStatusOrder: 6 }),
        api.put(`/orders/${o.IDOrder}`, { IDStatusOrder: i(o.IDOrder) }),
      ]),
    );
    function i(id: number) {
      return id % 2 === 0 ? 6 : 10;
    }
    for (const [k, order] of orders.entries()) {
      const pair = answers.slice(2 * k, 2 * k + 2);
      const accepted = pair.filter((a) => a.status === 200);
      const refused = pair.filter((a) => a.status !== 200);
      expect(accepted.length, JSON.stringify(pair.map((a) => a.body))).toBeGreaterThanOrEqual(1);
      for (const r of refused)
        expect(errorBody(r).errorMessage).toMatch(
          /^(Pedido foi alterado por outra requisição, tente novamente|Transição de status não permitida: de (6|10) para (6|10)|Pedido em status final não pode ser alterado)$/,
        );
      const history = await historyRows(order.IDOrder);
      // Both requests read status 23: exactly one transition out of it lands, whatever the interleaving.
      expect(history.filter((h) => h.fromStatusId === 23)).toHaveLength(1);
      expect(history.map((h) => h.seq)).toEqual(history.map((_, n) => n + 1));
      expect(history.length).toBe(Math.max(...accepted.map((a) => a.body.StatusHistory.length)));
      const outs = (await orderMovements(order.Items.map((it) => it.IDSkuMovement))).filter(
        (m) => m.typeMovement === 1,
      );
      expect(outs.length).toBe(history.some((h) => h.toStatusId === 6) ? 1 : 0);
    }
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
