import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { skuStockTotals, stockBalances, stockMovements } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, movementCount, newSku, newWarehouse, setNegativeStock } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

const balanceRow = (skuId: number, warehouseId: number) =>
  demoDb()
    .select()
    .from(stockBalances)
    .where(and(eq(stockBalances.skuId, skuId), eq(stockBalances.warehouseId, warehouseId)))
    .get();

describe("manual adjustments and the moving average", () => {
  it("inbound movements recompute the average; outbound carries it; Kardex shows balance and cost per line", async () => {
    const sku = await newSku(api);
    const wh = await newWarehouse(api);
    const first = await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: wh,
      IDTypeMovement: 0,
      Quantity: 10,
      UnitCost: 12.5,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      expect.objectContaining({
        IDSku: sku.IDSku,
        IDWarehouse: wh,
        IDTypeMovement: 0,
        Quantity: 10,
        UnitCost: 12.5,
        TotalCost: 125,
        QtyBalance: 10,
        AverageCost: 12.5,
        Origin: "manual",
        Reason: "Ajuste de teste",
      }),
    ]);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 30, UnitCost: 15 });
    const out = await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 1, Quantity: 5 });
    expect(out.status).toBe(200);
    // (10 x 12.50 + 30 x 15.00) / 40 = 14.375 -> 14.38 (half up)
    expect(out.body[0]).toMatchObject({
      IDTypeMovement: 1,
      Quantity: 5,
      UnitCost: 14.38,
      QtyBalance: 35,
      AverageCost: 14.38,
    });

    const kardex = await api.get(`/sku/movement?Type=Kardex&IDSku=${sku.IDSku}`);
    expect(kardex.status).toBe(200);
    expect(kardex.body.map((l) => [l.IDTypeMovement, l.Quantity, l.QtyBalance, l.AverageCost])).toEqual([
      [0, 10, 10, 12.5],
      [0, 30, 40, 14.38],
      [1, 5, 35, 14.38],
    ]);
    expect(await balanceRow(sku.IDSku, wh)).toMatchObject({ qty: 35_000, movements: 3 });
    expect(
      await demoDb().select().from(skuStockTotals).where(eq(skuStockTotals.skuId, sku.IDSku)).get(),
    ).toMatchObject({
      qty: 35_000,
      averageCost: 1438,
    });

    const balance = await api.get(`/sku/balance?IDSku=${sku.IDSku}`);
    expect(balance.body).toEqual([
      expect.objectContaining({
        IDSku: sku.IDSku,
        QtyOnStock: 35,
        QtyReserved: 0,
        QtyAvailable: 35,
        AverageCost: 14.38,
      }),
    ]);
    const [skuView] = (await api.get(`/sku/${sku.IDSku}`)).body;
    expect(skuView!.AverageCost).toBe(14.38);
  });

  it("inbound without a cost enters at the current average; decimals are kept for fractional units", async () => {
    const sku = await newSku(api, { Unit: "KG", DecimalQuantity: 1 });
    const wh = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 1.5, UnitCost: 20 });
    const second = await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: wh,
      IDTypeMovement: 0,
      Quantity: 0.25,
    });
    expect(second.body[0]).toMatchObject({ UnitCost: 20, QtyBalance: 1.75, AverageCost: 20 });
    expect(await balanceRow(sku.IDSku, wh)).toMatchObject({ qty: 1750 });
  });

  it("Kardex filters by date range and warehouse", async () => {
    const sku = await newSku(api);
    const wh = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 2, UnitCost: 1 });
    const none = await api.get(`/sku/movement?IDSku=${sku.IDSku}&DateFrom=2000-01-01&DateTo=2000-01-31`);
    expect(none.body).toEqual([]);
    const byWarehouse = await api.get(
      `/sku/movement?IDSku=${sku.IDSku}&IDWarehouse=${wh}&DateFrom=2000-01-01`,
    );
    expect(byWarehouse.body).toHaveLength(1);
    const otherWarehouse = await api.get(`/sku/movement?IDSku=${sku.IDSku}&IDWarehouse=1`);
    expect(otherWarehouse.body).toEqual([]);
  });
});

describe("bad input: 400 with a clear message, nothing written", () => {
  it.each([
    [{ Quantity: 1.5 }, "Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações"],
    [{ Quantity: -2 }, "Quantidade deve ser maior que zero"],
    [{ Quantity: 0 }, "Quantidade deve ser maior que zero"],
    [{ Quantity: 1.0001 }, "Quantidade aceita no máximo 3 casas decimais"],
  ])("quantity %j", async (change, message) => {
    const sku = await newSku(api);
    const response = await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: 1,
      IDTypeMovement: 0,
      UnitCost: 1,
      ...change,
    } as Parameters<typeof adjust>[1]);
    expectRefusal(response, message);
    expect(await movementCount(sku.IDSku)).toBe(0);
  });

  it("a warehouse of another company", async () => {
    const sku = await newSku(api);
    const foreign = await newWarehouse(other);
    const response = await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: foreign,
      IDTypeMovement: 0,
      Quantity: 1,
      UnitCost: 1,
    });
    expectRefusal(response, "Depósito não existe");
    expect(await movementCount(sku.IDSku)).toBe(0);
  });

  it("a SKU of another company", async () => {
    const foreign = await newSku(other);
    const response = await adjust(api, {
      IDSku: foreign.IDSku,
      IDWarehouse: 1,
      IDTypeMovement: 0,
      Quantity: 1,
      UnitCost: 1,
    });
    expectRefusal(response, "SKU não existe");
  });

  it("a batch of another SKU", async () => {
    const a = await newSku(api, { BatchControl: 1 });
    const b = await newSku(api, { BatchControl: 1 });
    const batch = await api.post("/sku/batch", { IDSku: b.IDSku, Code: "L1", ExpirationDate: "2030-01-01" });
    expect(batch.status).toBe(200);
    const response = await adjust(api, {
      IDSku: a.IDSku,
      IDWarehouse: 1,
      IDTypeMovement: 0,
      Quantity: 1,
      UnitCost: 1,
      IDBatch: batch.body[0]!.IDBatch,
    });
    expectRefusal(response, "Lote não pertence ao SKU informado");
    const missing = await adjust(api, {
      IDSku: a.IDSku,
      IDWarehouse: 1,
      IDTypeMovement: 0,
      Quantity: 1,
      UnitCost: 1,
    });
    expectRefusal(missing, "SKU controla lote: informe o IDBatch");
    expect(await movementCount(a.IDSku)).toBe(0);
  });

  it("an outbound movement below zero, unless the company allows negative stock", async () => {
    const sku = await newSku(api);
    const wh = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 3, UnitCost: 2 });
    const refused = await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 1, Quantity: 4 });
    expectRefusal(
      refused,
      `Estoque insuficiente do SKU ${sku.IDSku} no depósito ${wh}: saldo 3, solicitado 4`,
    );
    expect(await movementCount(sku.IDSku)).toBe(1);
    expect(await balanceRow(sku.IDSku, wh)).toMatchObject({ qty: 3000 });

    const setting = await api.put("/company/stock-setting", { AllowNegativeStock: 1 });
    expect(setting).toMatchObject({ status: 200, body: { AllowNegativeStock: 1 } });
    try {
      const allowed = await adjust(api, {
        IDSku: sku.IDSku,
        IDWarehouse: wh,
        IDTypeMovement: 1,
        Quantity: 4,
      });
      expect(allowed.status).toBe(200);
      expect(allowed.body[0]!.QtyBalance).toBe(-1);
      expect(await balanceRow(sku.IDSku, wh)).toMatchObject({ qty: -1000 });
    } finally {
      await setNegativeStock(1, 0);
    }
    expect((await api.get("/company/stock-setting")).body).toEqual({ AllowNegativeStock: 0 });
  });

  it("the CHECK on the totals refuses stock below zero even when the read-side check is bypassed", async () => {
    const sku = await newSku(api);
    const wh = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 1, UnitCost: 2 });
    const { postingStatements } = await import("../../../src/db/stock/ledger");
    const db = demoDb();
    const { statements } = postingStatements(db, { companyId: 1, userId: 1, date: "2026-01-01 00:00:00" }, [
      {
        skuId: sku.IDSku,
        warehouseId: wh,
        batchId: null,
        typeMovement: 1,
        quantity: 2000,
        unitCost: null,
        origin: "manual",
        originId: null,
        reason: "x",
      },
    ]);
    await expect(db.batch(statements as any)).rejects.toThrow(/CHECK constraint failed/);
    expect(await movementCount(sku.IDSku)).toBe(1);
  });

  it("a missing reason", async () => {
    const sku = await newSku(api);
    const response = await api.post("/sku/movement/adjustment", {
      IDSku: sku.IDSku,
      IDWarehouse: 1,
      IDTypeMovement: 0,
      Quantity: 1,
      Reason: "  ",
    });
    expectRefusal(response, "Motivo é obrigatório");
  });

  it("KardexBatch without IDBatch; Kardex without IDSku", async () => {
    expectRefusal(
      await api.get("/sku/movement?Type=KardexBatch"),
      "IDBatch é obrigatório quando Type=KardexBatch",
    );
    expectRefusal(await api.get("/sku/movement?Type=Kardex"), "IDSku é obrigatório quando Type=Kardex");
  });
});

describe("transfers between warehouses", () => {
  it("moves stock out of one warehouse and into the other at the average cost, atomically", async () => {
    const sku = await newSku(api);
    const from = await newWarehouse(api);
    const to = await newWarehouse(api);
    await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: from,
      IDTypeMovement: 0,
      Quantity: 8,
      UnitCost: 3.33,
    });
    const response = await api.post("/sku/movement/transfer", {
      IDSku: sku.IDSku,
      IDWarehouseFrom: from,
      IDWarehouseTo: to,
      Quantity: 5,
      Reason: "Reposição",
    });
    expect(response.status).toBe(200);
    expect(
      response.body.map((l) => [
        l.IDWarehouse,
        l.IDTypeMovement,
        l.Quantity,
        l.UnitCost,
        l.QtyBalance,
        l.Origin,
      ]),
    ).toEqual([
      [from, 1, 5, 3.33, 3, "transfer"],
      [to, 0, 5, 3.33, 5, "transfer"],
    ]);
    const perWarehouse = await api.get(`/sku/${sku.IDSku}/warehouse`);
    expect(perWarehouse.status).toBe(200);
    expect(perWarehouse.body.filter((w) => w.IDWarehouse === from || w.IDWarehouse === to)).toEqual([
      { IDWarehouse: from, Name: expect.any(String), QtyOnStock: 3, QtyReserved: 0, QtyAvailable: 3 },
      { IDWarehouse: to, Name: expect.any(String), QtyOnStock: 5, QtyReserved: 0, QtyAvailable: 5 },
    ]);
    expect((await api.get(`/sku/balance?IDSku=${sku.IDSku}`)).body[0]).toMatchObject({
      QtyOnStock: 8,
      AverageCost: 3.33,
    });
  });

  it("refuses the same warehouse and more than the origin holds, writing nothing", async () => {
    const sku = await newSku(api);
    const from = await newWarehouse(api);
    const to = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: from, IDTypeMovement: 0, Quantity: 2, UnitCost: 1 });
    const same = await api.post("/sku/movement/transfer", {
      IDSku: sku.IDSku,
      IDWarehouseFrom: from,
      IDWarehouseTo: from,
      Quantity: 1,
      Reason: "x",
    });
    expectRefusal(same, "Depósito de origem e destino não podem ser o mesmo");
    const tooMuch = await api.post("/sku/movement/transfer", {
      IDSku: sku.IDSku,
      IDWarehouseFrom: from,
      IDWarehouseTo: to,
      Quantity: 3,
      Reason: "x",
    });
    expectRefusal(
      tooMuch,
      `Estoque insuficiente do SKU ${sku.IDSku} no depósito ${from}: saldo 2, solicitado 3`,
    );
    expect(await movementCount(sku.IDSku)).toBe(1);
    expect(
      await demoDb().select().from(stockMovements).where(eq(stockMovements.warehouseId, to)).all(),
    ).toEqual([]);
  });
});
