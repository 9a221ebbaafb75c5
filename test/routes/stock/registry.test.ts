import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderStatuses, products, warehouses } from "../../../drizzle/schema";
import { reservesStock } from "../../../src/domain/orders/order-statuses";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, newSku, newWarehouse, reserve } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

describe("SKU registry", () => {
  it("creates, reads, lists and updates a SKU (one row of the products registry)", async () => {
    const code = unique("CAF").replace(/\s/g, "-");
    const created = await api.post("/sku", {
      Code: code,
      EAN: "7891234567895",
      Name: "Café torrado 500 g",
      Unit: "un",
      TaxProfile: "REVENDA-SP",
      Cost: 12.5,
      Price: 24.9,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual([
      {
        IDSku: expect.any(Number),
        IDProduct: created.body[0]!.IDSku,
        Code: code,
        EAN: "7891234567895",
        Name: "Café torrado 500 g",
        IDBrand: null,
        Unit: "UN",
        DecimalQuantity: 0,
        BatchControl: 0,
        TaxProfile: "REVENDA-SP",
        NCM: null,
        CEST: null,
        Origin: null,
        Cost: 12.5,
        AverageCost: 0,
        Price: 24.9,
        AllowPriceBelowCost: 0,
        IsActive: 1,
        Status: 1,
      },
    ]);
    const id = created.body[0]!.IDSku;
    expect(await demoDb().select().from(products).where(eq(products.id, id)).get()).toMatchObject({
      companyId: 1,
      code,
      ean: "7891234567895",
      unit: "UN",
      cost: 1250,
      price: 2490,
    });
    expect((await api.get(`/product/${id}`)).body[0]).toMatchObject({ IDProduct: id, Code: code });
    expect((await api.get(`/sku/${id}`)).body).toEqual(created.body);
    expect((await api.get(`/sku?Search=${encodeURIComponent(code)}`)).body.map((s) => s.IDSku)).toEqual([id]);

    const updated = await api.put(`/sku/${id}`, { Price: 26.9, DecimalQuantity: 1, Unit: "KG" });
    expect(updated.body[0]).toMatchObject({
      IDSku: id,
      Price: 26.9,
      DecimalQuantity: 1,
      Unit: "KG",
      Code: code,
    });
  });

  it("refuses a repeated code, an unknown brand and a SKU of another company", async () => {
    const sku = await newSku(api);
    expectRefusal(await api.post("/sku", { Code: sku.Code, Name: "x" }), "Já existe um SKU com este código");
    expectRefusal(await api.post("/sku", { Name: "x", IDBrand: 999999 }), "Marca não existe");
    expectRefusal(await other.put(`/sku/${sku.IDSku}`, { Name: "y" }), "SKU não existe");
    expect((await other.get(`/sku/${sku.IDSku}`)).body).toEqual([]);
    expect(await api.post("/sku", { Name: "x", EAN: "12" })).toMatchObject({ status: 400 });
  });
});

describe("warehouses", () => {
  it("one warehouse is seeded per demo company", async () => {
    expect(await demoDb().select().from(warehouses).where(eq(warehouses.id, 1)).get()).toMatchObject({
      companyId: 1,
    });
    expect((await other.get("/warehouse")).body.map((w) => w.IDWarehouse)).toContain(2);
  });

  it("CRUD; delete refused while the warehouse holds stock; another company's warehouse is nonexistent", async () => {
    const name = unique("Loja");
    const created = await api.post("/warehouse", { Name: name });
    expect(created).toMatchObject({ status: 200, body: [{ Name: name, IsActive: 1, Status: 1 }] });
    const id = created.body[0]!.IDWarehouse;
    expect((await api.get(`/warehouse/${id}`)).body).toEqual(created.body);
    expect((await api.put(`/warehouse/${id}`, { Name: `${name} 2` })).body[0]!.Name).toBe(`${name} 2`);
    expect((await other.get(`/warehouse/${id}`)).body).toEqual([]);
    expectRefusal(await other.put(`/warehouse/${id}`, { Name: "x" }), "Depósito não existe");

    const sku = await newSku(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: id, IDTypeMovement: 0, Quantity: 1, UnitCost: 1 });
    expectRefusal(
      await api.delete(`/warehouse/${id}`),
      "Depósito possui saldo em estoque e não pode ser excluído",
    );
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: id, IDTypeMovement: 1, Quantity: 1 });
    expect(await api.delete(`/warehouse/${id}`)).toMatchObject({ status: 200, body: "sucesso" });
    expect((await api.get("/warehouse")).body.map((w) => w.IDWarehouse)).not.toContain(id);
  });

  it("an inactive warehouse does not move stock", async () => {
    const id = await newWarehouse(api);
    await api.put(`/warehouse/${id}`, { IsActive: 0 });
    const sku = await newSku(api);
    expectRefusal(
      await adjust(api, { IDSku: sku.IDSku, IDWarehouse: id, IDTypeMovement: 0, Quantity: 1, UnitCost: 1 }),
      "Depósito inativo não movimenta estoque",
    );
  });
});

describe("balances and reservations", () => {
  it("the seeded status registry agrees with the reservation rule, status by status", async () => {
    const rows = await demoDb().select().from(orderStatuses).all();
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect({ id: row.id, reserves: row.reservesStock === 1 }).toEqual({
        id: row.id,
        reserves: reservesStock(row.id),
      });
      expect(row.colorCode).toMatch(/^#[0-9A-F]{6}$/);
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [23, 50, 51, 52, 53, 54, 55, 56]) expect(byId.get(id)?.reservesStock).toBe(1);
    expect(byId.get(97)).toMatchObject({ reservesStock: 0, handling: 0 });
  });

  it("orders in statuses 23 and 50-56 reserve; 97 and others do not; QtyOnStock never changes", async () => {
    const sku = await newSku(api);
    const wh = await newWarehouse(api);
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 100, UnitCost: 1 });
    const reservations: [number, number][] = [
      [23, 1],
      [50, 2],
      [56, 4],
      [97, 8],
      [3, 16],
      [57, 32],
    ];
    for (const [index, [status, quantity]] of reservations.entries()) {
      await reserve(1, {
        orderId: 900_000 + sku.IDSku * 10 + index,
        skuId: sku.IDSku,
        warehouseId: wh,
        quantity: quantity * 1000,
        statusOrderId: status,
      });
    }
    const balance = await api.get(`/sku/balance?IDSku=${sku.IDSku}`);
    expect(balance.body[0]).toMatchObject({ QtyOnStock: 100, QtyReserved: 7, QtyAvailable: 93 });
    const perWarehouse = (await api.get(`/sku/${sku.IDSku}/warehouse`)).body.find(
      (w) => w.IDWarehouse === wh,
    );
    expect(perWarehouse).toMatchObject({ QtyOnStock: 100, QtyReserved: 7, QtyAvailable: 93 });
    const seeded = (await api.get(`/sku/${sku.IDSku}/warehouse`)).body.find((w) => w.IDWarehouse === 1);
    expect(seeded).toMatchObject({ QtyOnStock: 0, QtyReserved: 0, QtyAvailable: 0 });
    expect((await api.get(`/sku/balance?IDSku=${sku.IDSku}&IDWarehouse=1`)).body[0]).toMatchObject({
      QtyOnStock: 0,
    });
  });

  it("unknown SKU: 400", async () => {
    expectRefusal(await api.get("/sku/balance?IDSku=999999"), "SKU não existe");
    expectRefusal(await api.get("/sku/999999/warehouse"), "SKU não existe");
  });
});

describe("batches and sales policies", () => {
  it("lists batches with balance; a sales policy keeps eligible batches in FEFO order", async () => {
    const sku = await newSku(api, { BatchControl: 1 });
    const wh = await newWarehouse(api);
    const batch = async (Code: string, ExpirationDate: string | null) =>
      (await api.post("/sku/batch", { IDSku: sku.IDSku, Code, ExpirationDate })).body[0]!.IDBatch as number;
    const late = await batch("L-LATE", "2099-12-31");
    const soon = await batch("L-SOON", "2098-01-01");
    const expired = await batch("L-OLD", "2000-01-01");
    const noExpiry = await batch("L-NONE", null);
    const empty = await batch("L-EMPTY", "2097-01-01");
    for (const id of [late, soon, expired, noExpiry]) {
      const r = await adjust(api, {
        IDSku: sku.IDSku,
        IDWarehouse: wh,
        IDTypeMovement: 0,
        Quantity: 2,
        UnitCost: 1,
        IDBatch: id,
      });
      expect(r.status).toBe(200);
    }
    expectRefusal(
      await api.post("/sku/batch", { IDSku: sku.IDSku, Code: "L-LATE" }),
      "Já existe um lote com este código para o SKU",
    );
    const all = await api.get(`/sku/batch?IDSku=${sku.IDSku}`);
    expect(all.body.map((b) => [b.Code, b.QtyOnStock])).toEqual([
      ["L-LATE", 2],
      ["L-SOON", 2],
      ["L-OLD", 2],
      ["L-NONE", 2],
      ["L-EMPTY", 0],
    ]);
    const policy = await api.post("/company/sales-policy", {
      Name: unique("Varejo"),
      MinShelfLifeDays: 30,
      PickOrder: "FEFO",
    });
    expect(policy.status).toBe(200);
    const id = policy.body[0]!.IDCompanySalesPolicy;
    const eligible = await api.get(`/sku/batch?IDSku=${sku.IDSku}&IDCompanySalesPolicy=${id}`);
    expect(eligible.body.map((b) => b.Code)).toEqual(["L-SOON", "L-LATE", "L-NONE"]);
    await api.put(`/company/sales-policy/${id}`, { PickOrder: "FIFO" });
    const fifo = await api.get(`/sku/batch?IDSku=${sku.IDSku}&IDCompanySalesPolicy=${id}`);
    expect(fifo.body.map((b) => b.Code)).toEqual(["L-LATE", "L-SOON", "L-NONE"]);
    expectRefusal(await other.get(`/sku/batch?IDCompanySalesPolicy=${id}`), "Política de venda não existe");

    const kardex = await api.get(`/sku/movement?Type=KardexBatch&IDBatch=${soon}`);
    expect(kardex.body).toEqual([expect.objectContaining({ IDBatch: soon, QtyBalance: 2, BalanceCost: 2 })]);
    const out = await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: wh,
      IDTypeMovement: 1,
      Quantity: 1,
      IDBatch: soon,
    });
    expect(out.status).toBe(200);
    const after = await api.get(`/sku/movement?Type=KardexBatch&IDBatch=${soon}`);
    expect(after.body.map((l) => [l.QtyBalance, l.BalanceCost])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    expectRefusal(
      await api.get(`/sku/movement?Type=KardexBatch&IDBatch=${empty + 1000000}`),
      "Lote não existe",
    );
  });
});
