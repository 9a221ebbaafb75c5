import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { skuProductionFinishes, stockMovements } from "../../../drizzle/schema";
import { errorBody } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, newSku, newWarehouse, setNegativeStock } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

const productionMovements = (id: number) =>
  demoDb()
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.originId, id))
    .all()
    .then((rows) => rows.filter((r) => r.origin === "production"));

/** A kit made of 2 x coffee (avg 12.50) and 0.5 x sugar (avg 3.33, decimal unit), with stock in one warehouse. */
async function kitWorld() {
  const warehouse = await newWarehouse(api);
  const kit = await newSku(api, { Name: "Kit café" });
  const coffee = await newSku(api, { Name: "Café" });
  const sugar = await newSku(api, { Name: "Açúcar", Unit: "KG", DecimalQuantity: 1 });
  await adjust(api, {
    IDSku: coffee.IDSku,
    IDWarehouse: warehouse,
    IDTypeMovement: 0,
    Quantity: 100,
    UnitCost: 12.5,
  });
  await adjust(api, {
    IDSku: sugar.IDSku,
    IDWarehouse: warehouse,
    IDTypeMovement: 0,
    Quantity: 30,
    UnitCost: 3.33,
  });
  const bom = await api.put(`/sku/${kit.IDSku}/bill-of-materials`, {
    Items: [
      { IDSkuInput: coffee.IDSku, Quantity: 2 },
      { IDSkuInput: sugar.IDSku, Quantity: 0.5 },
    ],
  });
  expect(bom.status).toBe(200);
  return { warehouse, kit: kit.IDSku, coffee: coffee.IDSku, sugar: sugar.IDSku };
}

describe("bill of materials", () => {
  it("replaces and reads the inputs of a SKU, refusing bad lines", async () => {
    const w = await kitWorld();
    const read = await api.get(`/sku/${w.kit}/bill-of-materials`);
    expect(read.body).toMatchObject({ IDSku: w.kit, SkuName: "Kit café" });
    expect(read.body.Items.map((i) => [i.IDSkuInput, i.Quantity]).sort()).toEqual(
      [
        [w.coffee, 2],
        [w.sugar, 0.5],
      ].sort(),
    );
    const cases: [unknown, string][] = [
      [{ Items: [{ IDSkuInput: w.kit, Quantity: 1 }] }, "Items[0]. Um SKU não pode ser insumo dele mesmo"],
      [
        {
          Items: [
            { IDSkuInput: w.coffee, Quantity: 1 },
            { IDSkuInput: w.coffee, Quantity: 2 },
          ],
        },
        "Items[1]. Insumo informado mais de uma vez",
      ],
      [{ Items: [{ IDSkuInput: 999999, Quantity: 1 }] }, "Items[0]. SKU não existe"],
      [{ Items: [{ IDSkuInput: w.coffee, Quantity: 0 }] }, "Items[0]. Quantidade deve ser maior que zero"],
    ];
    for (const [body, message] of cases)
      expectRefusal(await api.put(`/sku/${w.kit}/bill-of-materials`, body), message);
    expect((await api.get(`/sku/${w.kit}/bill-of-materials`)).body.Items).toHaveLength(2);
    expectRefusal(await other.get(`/sku/${w.kit}/bill-of-materials`), "SKU não existe");
  });
});

describe("production orders", () => {
  it("opens an order from the bill of materials, costs each line, finishes once", async () => {
    const w = await kitWorld();
    const created = await api.post("/sku/production", {
      IDSku: w.kit,
      IDWarehouse: w.warehouse,
      Quantity: 3,
      Description: "Lote 47",
    });
    expect(created.status).toBe(200);
    const id = created.body.IDStockKeepingUnitProduction;
    // 6 coffee x 12.50 = 75.00; 1.5 kg sugar x 3.33 = 4.995 -> 5.00; total 80.00
    expect(created.body).toMatchObject({
      IDSku: w.kit,
      SkuName: "Kit café",
      Quantity: 3,
      Finished: 0,
      TotalCost: 80,
      IDPurchase: null,
    });
    const lines = created.body.Items.map((i) => [i.IDSku, i.Quantity, i.UnitCost, i.TotalCost]);
    expect(lines.sort((a: number[], b: number[]) => a[0]! - b[0]!)).toEqual([
      [w.coffee, 6, 12.5, 75],
      [w.sugar, 1.5, 3.33, 5],
    ]);
    expect(await api.get(`/sku/production/${id}`)).toMatchObject({ status: 200, body: created.body });
    expect(await productionMovements(id)).toEqual([]);

    const finished = await api.post(`/sku/production/${id}/finish`);
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({
      Origin: "production",
      IDStatusPurchase: 9,
      IDStockKeepingUnitProduction: id,
      IDSupplier: null,
      IDWarehouse: w.warehouse,
      Received: 1,
      // the product enters at 80.00 / 3 = 26.67 per unit (cents per unit, as the ledger keeps costs)
      Total: 80.01,
      Payables: [],
    });
    expect(finished.body.Items.map((i) => [i.IDSku, i.Quantity, i.UnitCost, i.QuantityReceived])).toEqual([
      [w.kit, 3, 26.67, 3],
    ]);
    // the same serializer: the finish answer is exactly GET /purchase/{id}
    const document = await api.get(`/purchase/${finished.body.IDPurchase}`);
    expect(document.body).toEqual(finished.body);
    expect(Object.keys(finished.body)).toEqual(
      Object.keys((await api.get(`/purchase/${finished.body.IDPurchase}`)).body),
    );

    const movements = await productionMovements(id);
    expect(movements.map((m) => [m.skuId, m.typeMovement, m.quantity, m.unitCost]).sort()).toEqual(
      [
        [w.coffee, 1, 6000, 1250],
        [w.sugar, 1, 1500, 333],
        [w.kit, 0, 3000, 2667],
      ].sort(),
    );
    const after = await api.get(`/sku/production/${id}`);
    expect(after.body).toMatchObject({ Finished: 1, TotalCost: 80, IDPurchase: finished.body.IDPurchase });
    expect(after.body.FinishedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);

    expectRefusal(
      await api.post(`/sku/production/${id}/finish`),
      "Ordem de produção já finalizada; não pode ser finalizada novamente",
    );
    expect(await productionMovements(id)).toHaveLength(3);
  });

  it("two finishes at once: one wins, the inputs leave once", async () => {
    const w = await kitWorld();
    const { body } = await api.post("/sku/production", {
      IDSku: w.kit,
      IDWarehouse: w.warehouse,
      Quantity: 1,
    });
    const id = body.IDStockKeepingUnitProduction;
    const [a, b] = await Promise.all([
      api.post(`/sku/production/${id}/finish`),
      api.post(`/sku/production/${id}/finish`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(errorBody(a.status === 400 ? a : b).errorMessage).toBe(
      "Ordem de produção já finalizada; não pode ser finalizada novamente",
    );
    expect(await productionMovements(id)).toHaveLength(3);
    expect(
      await demoDb()
        .select()
        .from(skuProductionFinishes)
        .where(eq(skuProductionFinishes.productionId, id))
        .all(),
    ).toHaveLength(1);
  });

  it("inputs without stock follow the company's negative-stock setting", async () => {
    const w = await kitWorld();
    const { body } = await api.post("/sku/production", {
      IDSku: w.kit,
      IDWarehouse: w.warehouse,
      Quantity: 1,
      Items: [
        { IDSku: w.coffee, Quantity: 2 },
        { IDSku: w.sugar, Quantity: 31 },
      ],
    });
    const id = body.IDStockKeepingUnitProduction;
    const refused = await api.post(`/sku/production/${id}/finish`);
    expectRefusal(
      refused,
      `Items[1]. Estoque insuficiente do SKU ${w.sugar} no depósito ${w.warehouse}: saldo 30, solicitado 31`,
    );
    expect(await productionMovements(id)).toEqual([]);
    expect((await api.get(`/sku/production/${id}`)).body.Finished).toBe(0);
    await setNegativeStock(1, 1);
    try {
      const allowed = await api.post(`/sku/production/${id}/finish`);
      expect(allowed.status).toBe(200);
      const balance = await api.get(`/sku/${w.sugar}/warehouse`);
      expect(JSON.stringify(balance.body)).toContain('"QtyOnStock":-1');
    } finally {
      await setNegativeStock(1, 0);
    }
  });

  it("refuses bad orders and other companies' orders", async () => {
    const w = await kitWorld();
    const bare = await newSku(api);
    const cases: [unknown, string][] = [
      [{ IDSku: 999999, IDWarehouse: w.warehouse, Quantity: 1 }, "SKU não existe"],
      [{ IDSku: w.kit, IDWarehouse: 999999, Quantity: 1 }, "Depósito não existe"],
      [{ IDSku: w.kit, IDWarehouse: w.warehouse, Quantity: 0 }, "Quantidade deve ser maior que zero"],
      [
        { IDSku: bare.IDSku, IDWarehouse: w.warehouse, Quantity: 1 },
        "SKU sem ficha técnica: informe Items ou cadastre a ficha técnica em PUT /sku/{idsku}/bill-of-materials",
      ],
      [
        { IDSku: w.kit, IDWarehouse: w.warehouse, Quantity: 1, Items: [{ IDSku: 999999, Quantity: 1 }] },
        "Items[0]. SKU não existe",
      ],
      [
        { IDSku: w.kit, IDWarehouse: w.warehouse, Quantity: 1, Items: [{ IDSku: w.kit, Quantity: 1 }] },
        "Items[0]. Um SKU não pode ser insumo dele mesmo",
      ],
    ];
    for (const [body, message] of cases) expectRefusal(await api.post("/sku/production", body), message);
    const { body } = await api.post("/sku/production", {
      IDSku: w.kit,
      IDWarehouse: w.warehouse,
      Quantity: 1,
    });
    const id = body.IDStockKeepingUnitProduction;
    for (const response of [
      await other.get(`/sku/production/${id}`),
      await other.post(`/sku/production/${id}/finish`),
    ])
      expectRefusal(response, "Ordem de produção não existe");
  });

  it("leaves purchases, payables, production and stock consistent", async () => {
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
