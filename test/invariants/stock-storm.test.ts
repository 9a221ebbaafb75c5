import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { errorBody } from "../support/api";
import { invariantViolations } from "../support/invariants";
import { newOrder, stockedSku } from "../support/order-factories";
import { companyOneApi } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { adjust, newSku, newWarehouse } from "../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/**
 * Concurrent movement storms on ONE SKU: inbound at varying costs, outbound, transfers and an
 * inventory apply race each other. Every answer is a 200 or a clean 400, the stock never goes
 * below zero, and the checker finds the running totals equal to the movements, the averages equal
 * to the replayed rule and the batch totals equal to the SKU totals.
 */
describe("stock invariants after concurrent movement storms", () => {
  it("hold for a SKU without batches", async () => {
    const sku = await newSku(api);
    const a = await newWarehouse(api);
    const b = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: a, IDTypeMovement: 0, Quantity: 20, UnitCost: 10 });
    const inventory = (await api.post("/sku/inventory", { IDWarehouse: b })).body
      .IDStockKeepingUnitInventorySummary;
    await api.post(`/sku/inventory/${inventory}/items`, { Items: [{ IDSku: sku.IDSku, Quantity: 4 }] });
    const requests = Array.from({ length: 60 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return adjust(api, {
            IDSku: sku.IDSku,
            IDWarehouse: a,
            IDTypeMovement: 0,
            Quantity: 1 + (i % 7),
            UnitCost: 9 + (i % 5) * 1.37,
          });
        case 1:
          return adjust(api, { IDSku: sku.IDSku, IDWarehouse: a, IDTypeMovement: 1, Quantity: 3 });
        case 2:
          return api.post("/sku/movement/transfer", {
            IDSku: sku.IDSku,
            IDWarehouseFrom: a,
            IDWarehouseTo: b,
            Quantity: 2,
            Reason: "Tempestade",
          });
        case 3:
          return adjust(api, { IDSku: sku.IDSku, IDWarehouse: b, IDTypeMovement: 1, Quantity: 1 });
        default:
          return i === 4
            ? api.post(`/sku/inventory/${inventory}/apply`)
            : adjust(api, { IDSku: sku.IDSku, IDWarehouse: b, IDTypeMovement: 0, Quantity: 2 });
      }
    });
    const answers = await Promise.all(requests);
    for (const answer of answers) {
      expect([200, 400]).toContain(answer.status);
      if (answer.status === 400) expect(errorBody(answer).errorMessage).toMatch(/^Estoque insuficiente/);
    }
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThan(30);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
    const perWarehouse = (await api.get(`/sku/${sku.IDSku}/warehouse`)).body;
    for (const w of perWarehouse) expect(w.QtyOnStock).toBeGreaterThanOrEqual(0);
  });

  it("hold for a batch-controlled SKU", async () => {
    const sku = await newSku(api, { BatchControl: 1 });
    const wh = await newWarehouse(api);
    const batches = await Promise.all(
      ["A", "B", "C"].map(
        async (code) =>
          (await api.post("/sku/batch", { IDSku: sku.IDSku, Code: code })).body[0]!.IDBatch as number,
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        adjust(api, {
          IDSku: sku.IDSku,
          IDWarehouse: wh,
          IDBatch: batches[i % 3]!,
          IDTypeMovement: i % 3 === 2 ? 1 : 0,
          Quantity: 1 + (i % 4),
          UnitCost: 5 + i / 4,
        }),
      ),
    );
    for (const answer of answers) expect([200, 400]).toContain(answer.status);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("hold under a storm of reservations racing inbound movements: QtyAvailable never below zero", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 10 });
    const line = (Quantity: number) => ({ IDWarehouse: warehouseId, Items: [{ IDSku: skuId, Quantity }] });
    const waiting: { IDOrder: number }[] = [];
    for (let i = 0; i < 10; i++) waiting.push(await newOrder(api, line(1)));
    const reserving: { IDOrder: number; Items: { IDSkuMovement: number }[] }[] = [];
    for (let i = 0; i < 3; i++) reserving.push(await newOrder(api, { ...line(1), IDStatusOrder: 23 }));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const k = Math.floor(i / 4);
        switch (i % 4) {
          case 0:
            return api.post("/orders", { ...line(1 + (k % 3)), IDStatusOrder: k % 2 === 0 ? 23 : 50 });
          case 1:
            return adjust(api, { IDSku: skuId, IDWarehouse: warehouseId, IDTypeMovement: 0, Quantity: 1 });
          case 2:
            return api.put(`/orders/${waiting[k]!.IDOrder}`, { IDStatusOrder: 23 });
          default: {
            const order = reserving[k % 3]!;
            return api.put(`/orders/${order.IDOrder}/sku/${order.Items[0]!.IDSkuMovement}`, {
              Quantity: 2 + (k % 2),
            });
          }
        }
      }),
    );
    const refusals = answers.filter((a) => a.status === 400).map((a) => errorBody(a).errorMessage);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 400)).toEqual([]);
    for (const message of refusals)
      expect(message).toMatch(
        /^(Estoque insuficiente para reservar|Pedido foi alterado por outra requisição)/,
      );
    expect(refusals.some((m) => m.startsWith("Estoque insuficiente para reservar"))).toBe(true);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
    const [row] = (await api.get(`/sku/${skuId}/warehouse`)).body.filter(
      (w: { IDWarehouse: number }) => w.IDWarehouse === warehouseId,
    );
    expect(row!.QtyOnStock).toBe(20);
    expect(row!.QtyAvailable).toBeGreaterThanOrEqual(0);
  });

  it("the checker catches a drifted total and a wrong average", async () => {
    const sku = await newSku(api);
    const wh = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 2, UnitCost: 3 });
    const db = env.DB_DEMO;
    await db.prepare("UPDATE stock_balances SET qty = qty + 1 WHERE sku_id = ?1").bind(sku.IDSku).run();
    await db.prepare("UPDATE sku_stock_totals SET average_cost = 7 WHERE sku_id = ?1").bind(sku.IDSku).run();
    try {
      const problems = await invariantViolations(db);
      expect(problems).toContain(
        `stock balances: sku ${sku.IDSku} warehouse ${wh}: kept 2001/1, movements 2000/1`,
      );
      expect(problems).toContain(`average cost: sku ${sku.IDSku} kept 7, recomputed 300`);
    } finally {
      await db.prepare("UPDATE stock_balances SET qty = qty - 1 WHERE sku_id = ?1").bind(sku.IDSku).run();
      await db
        .prepare("UPDATE sku_stock_totals SET average_cost = 300 WHERE sku_id = ?1")
        .bind(sku.IDSku)
        .run();
    }
    expect(await invariantViolations(db)).toEqual([]);
  });
});
