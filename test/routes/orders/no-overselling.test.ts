import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stockReservations } from "../../../drizzle/schema";
import { errorBody } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import {
  historyRows,
  itemRows,
  newOrder,
  orderCount,
  orderRow,
  reservationRows,
  stockedSku,
} from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, setNegativeStock } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const refused = (sku: number, warehouse: number, available: string, requested: string) =>
  `Estoque insuficiente para reservar o SKU ${sku} no depósito ${warehouse}: disponível ${available}, solicitado ${requested}`;
const CONCURRENT = "Estoque insuficiente para reservar: outro pedido reservou o saldo, tente novamente";

async function balance(skuId: number, warehouseId: number) {
  const rows = (await api.get(`/sku/${skuId}/warehouse`)).body;
  const row = rows.find((w) => w.IDWarehouse === warehouseId)!;
  return { QtyOnStock: row.QtyOnStock, QtyReserved: row.QtyReserved, QtyAvailable: row.QtyAvailable };
}

const skuReservations = (skuId: number) =>
  demoDb().select().from(stockReservations).where(eq(stockReservations.skuId, skuId));

describe("no overselling: a reservation never takes QtyAvailable below zero", () => {
  it("POST /orders in a reserving status beyond QtyAvailable is a 400 and writes nothing", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 10 });
    await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [{ IDSku: skuId, Quantity: 7 }],
    });
    const before = await orderCount();
    const answer = await api.post("/orders", {
      IDWarehouse: warehouseId,
      IDStatusOrder: 50,
      Items: [
        { IDSku: skuId, Quantity: 2 },
        { IDSku: skuId, Quantity: 2 },
      ],
    });
    expectRefusal(answer, refused(skuId, warehouseId, "3", "4"));
    expect(await orderCount()).toBe(before);
    expect(await skuReservations(skuId)).toHaveLength(1);
    expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: 10, QtyReserved: 7, QtyAvailable: 3 });

    // exactly what is available is reserved; a status that does not reserve takes any quantity
    await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 50,
      Items: [{ IDSku: skuId, Quantity: 3 }],
    });
    await newOrder(api, { IDWarehouse: warehouseId, Items: [{ IDSku: skuId, Quantity: 40 }] });
    expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: 10, QtyReserved: 10, QtyAvailable: 0 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("is allowed when the company allows negative stock (PUT /company/stock-setting)", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 2 });
    try {
      expect((await api.put("/company/stock-setting", { AllowNegativeStock: 1 })).status).toBe(200);
      const order = await newOrder(api, {
        IDWarehouse: warehouseId,
        IDStatusOrder: 23,
        Items: [{ IDSku: skuId, Quantity: 5 }],
      });
      expect(await reservationRows(order.IDOrder)).toEqual([
        expect.objectContaining({ quantity: 5000, availableAfter: -3000, allowNegative: 1 }),
      ]);
      expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: 2, QtyReserved: 5, QtyAvailable: -3 });
    } finally {
      await setNegativeStock(1, 0);
    }
    const more = await api.post("/orders", {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [{ IDSku: skuId, Quantity: 1 }],
    });
    expectRefusal(more, refused(skuId, warehouseId, "-3", "1"));
  });

  it("a status change into a reserving status beyond QtyAvailable is a 400; moving between reserving statuses is not", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 4 });
    const order = await newOrder(api, { IDWarehouse: warehouseId, Items: [{ IDSku: skuId, Quantity: 5 }] });
    const answer = await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 23 });
    expectRefusal(answer, refused(skuId, warehouseId, "4", "5"));
    expect(await orderRow(order.IDOrder)).toMatchObject({ statusId: 1, version: 0 });
    expect(await historyRows(order.IDOrder)).toHaveLength(1);
    expect(await reservationRows(order.IDOrder)).toEqual([]);

    // a budget holds 4; stock then leaves by a manual movement: QtyAvailable is below zero, yet the
    // budget moves on (51, 53) and its header changes, since it reserves nothing more
    const budget = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 50,
      Items: [{ IDSku: skuId, Quantity: 4 }],
    });
    expect(
      (await adjust(api, { IDSku: skuId, IDWarehouse: warehouseId, IDTypeMovement: 1, Quantity: 3 })).status,
    ).toBe(200);
    expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: 1, QtyReserved: 4, QtyAvailable: -3 });
    expect((await api.put(`/orders/${budget.IDOrder}`, { IDStatusOrder: 51 })).status).toBe(200);
    expect((await api.put(`/orders/${budget.IDOrder}`, { Notes: "Cliente pediu prazo" })).status).toBe(200);
    expect((await api.put(`/orders/${budget.IDOrder}`, { IDStatusOrder: 53 })).status).toBe(200);
    expect(await reservationRows(budget.IDOrder)).toEqual([
      expect.objectContaining({ quantity: 4000, statusOrderId: 53 }),
    ]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("moving a reserving order to another warehouse reserves there: refused beyond what that warehouse has", async () => {
    const { skuId, warehouseId, profile } = await stockedSku(api, { stock: 5 });
    const other = await stockedSku(api, { stock: 1, profile });
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [{ IDSku: skuId, Quantity: 2 }],
    });
    const answer = await api.put(`/orders/${order.IDOrder}`, { IDWarehouse: other.warehouseId });
    expectRefusal(answer, refused(skuId, other.warehouseId, "0", "2"));
    expect(await reservationRows(order.IDOrder)).toEqual([
      expect.objectContaining({ warehouseId, quantity: 2000 }),
    ]);
  });

  it("an item added to or grown on a reserving order beyond QtyAvailable is a 400; shrinking is not", async () => {
    const { skuId, warehouseId, profile } = await stockedSku(api, { stock: 6 });
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [{ IDSku: skuId, Quantity: 4 }],
    });
    const itemId = order.Items[0]!.IDSkuMovement;
    const added = await api.post(`/orders/${order.IDOrder}/sku`, { IDSku: skuId, Quantity: 3 });
    expectRefusal(added, refused(skuId, warehouseId, "2", "3"));
    const grown = await api.put(`/orders/${order.IDOrder}/sku/${itemId}`, { Quantity: 7 });
    expectRefusal(grown, refused(skuId, warehouseId, "2", "3"));
    expect(await itemRows(order.IDOrder)).toEqual([expect.objectContaining({ quantity: 4000 })]);
    expect(await orderRow(order.IDOrder)).toMatchObject({ version: 0 });
    expect(await reservationRows(order.IDOrder)).toEqual([expect.objectContaining({ quantity: 4000 })]);

    expect((await api.post(`/orders/${order.IDOrder}/sku`, { IDSku: skuId, Quantity: 2 })).status).toBe(200);
    expect((await api.put(`/orders/${order.IDOrder}/sku/${itemId}`, { Quantity: 1 })).status).toBe(200);
    expect(await reservationRows(order.IDOrder)).toEqual([expect.objectContaining({ quantity: 3000 })]);
    // an order that does not reserve takes items beyond the stock
    const open = await newOrder(api, { IDWarehouse: warehouseId, Items: [{ IDSku: skuId, Quantity: 1 }] });
    const third = await stockedSku(api, { stock: 0, profile });
    expect((await api.post(`/orders/${open.IDOrder}/sku`, { IDSku: third.skuId, Quantity: 9 })).status).toBe(
      200,
    );
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("invoicing a reserving order moves its reserved units out and releases them: QtyAvailable unchanged", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 3 });
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [{ IDSku: skuId, Quantity: 3 }],
    });
    expect((await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 6 })).status).toBe(200);
    expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: 0, QtyReserved: 0, QtyAvailable: 0 });
    expect(await reservationRows(order.IDOrder)).toEqual([]);
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});

describe("no overselling under concurrency: the database guards the last units", () => {
  it("N concurrent orders for the last K units: exactly K are created", async () => {
    const K = 3;
    const N = 10;
    const { skuId, warehouseId } = await stockedSku(api, { stock: K });
    const before = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        api.post("/orders", {
          IDWarehouse: warehouseId,
          IDStatusOrder: 23,
          Items: [{ IDSku: skuId, Quantity: 1 }],
        }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    const losers = answers.filter((a) => a.status !== 200);
    expect(winners).toHaveLength(K);
    for (const loser of losers) {
      expect(loser.status).toBe(400);
      expect([CONCURRENT, refused(skuId, warehouseId, "0", "1")]).toContain(errorBody(loser).errorMessage);
    }
    expect(await orderCount()).toBe(before + K);
    expect((await skuReservations(skuId)).map((r) => r.quantity)).toEqual([1000, 1000, 1000]);
    expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: K, QtyReserved: K, QtyAvailable: 0 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });

  it("N concurrent moves into a reserving status for the last K units: exactly K move", async () => {
    const K = 2;
    const N = 8;
    const { skuId, warehouseId } = await stockedSku(api, { stock: K });
    const created = [];
    for (let i = 0; i < N; i++)
      created.push(await newOrder(api, { IDWarehouse: warehouseId, Items: [{ IDSku: skuId, Quantity: 1 }] }));
    const answers = await Promise.all(
      created.map((order) => api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 23 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(K);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.status).toBe(400);
      expect([CONCURRENT, refused(skuId, warehouseId, "0", "1")]).toContain(errorBody(loser).errorMessage);
    }
    const statuses = await Promise.all(created.map(async (o) => (await orderRow(o.IDOrder))!.statusId));
    expect(statuses.filter((s) => s === 23)).toHaveLength(K);
    expect(statuses.filter((s) => s === 1)).toHaveLength(N - K);
    expect(await balance(skuId, warehouseId)).toEqual({ QtyOnStock: K, QtyReserved: K, QtyAvailable: 0 });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
