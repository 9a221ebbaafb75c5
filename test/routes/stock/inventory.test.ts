import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, stockInventoryItems, stockMovements } from "../../../drizzle/schema";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, newSku, newWarehouse } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

const inventoryMovements = (id: number) =>
  demoDb().select().from(stockMovements).where(eq(stockMovements.originId, id)).all();

describe("inventory counts", () => {
  it("counts in bulk, summarises, applies one adjustment per difference, once", async () => {
    const wh = await newWarehouse(api);
    const more = await newSku(api);
    const less = await newSku(api);
    const same = await newSku(api);
    await adjust(api, { IDSku: more.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 5, UnitCost: 2 });
    await adjust(api, { IDSku: less.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 10, UnitCost: 3 });
    await adjust(api, { IDSku: same.IDSku, IDWarehouse: wh, IDTypeMovement: 0, Quantity: 7, UnitCost: 4 });

    const opened = await api.post("/sku/inventory", { IDWarehouse: wh, Description: "Contagem geral" });
    expect(opened).toMatchObject({
      status: 200,
      body: { IDWarehouse: wh, Applied: 0, Description: "Contagem geral" },
    });
    const id = opened.body.IDStockKeepingUnitInventorySummary;
    const counted = await api.post(`/sku/inventory/${id}/items`, {
      Items: [
        { IDSku: more.IDSku, Quantity: 6 },
        { IDSku: less.IDSku, Quantity: 4 },
        { IDSku: same.IDSku, Quantity: 7 },
        { IDSku: less.IDSku, Quantity: 8 },
      ],
    });
    expect(counted).toMatchObject({ status: 200, body: { Received: 4, ItemsCount: 3 } });

    const open = await api.get(`/sku/inventory-summary/${id}`);
    expect(open.body).toMatchObject({ ItemsCount: 3, HasNextPageItems: false, Page: 0, Applied: 0 });
    expect(open.body.Items.map((i) => [i.IDSku, i.QtyCounted, i.QtySystem])).toEqual([
      [more.IDSku, 6, null],
      [less.IDSku, 8, null],
      [same.IDSku, 7, null],
    ]);

    const applied = await api.post(`/sku/inventory/${id}/apply`);
    expect(applied).toMatchObject({
      status: 200,
      body: {
        Items: 3,
        Movements: 2,
        Message: "Inventário aplicado: 2 ajuste(s) (1 entrada(s), 1 saída(s)) em 3 item(ns)",
      },
    });
    const rows = await inventoryMovements(id);
    expect(rows.map((r) => [r.skuId, r.typeMovement, r.quantity, r.unitCost, r.origin])).toEqual([
      [more.IDSku, 0, 1000, 200, "inventory"],
      [less.IDSku, 1, 2000, 300, "inventory"],
    ]);
    expect((await api.get(`/sku/balance?IDSku=${less.IDSku}`)).body[0]!.QtyOnStock).toBe(8);
    const summary = await api.get(`/sku/inventory-summary/${id}`);
    expect(summary.body.Applied).toBe(1);
    expect(summary.body.Items.map((i) => [i.QtyCounted, i.QtySystem, i.Difference])).toEqual([
      [6, 5, 1],
      [8, 10, -2],
      [7, 7, 0],
    ]);
    expect(summary.body.InventoryLogs.map((l) => l.Message)).toEqual([
      "Inventário aberto",
      "4 item(ns) contado(s)",
      "Inventário aplicado: 2 ajuste(s) (1 entrada(s), 1 saída(s)) em 3 item(ns)",
    ]);

    expectRefusal(
      await api.post(`/sku/inventory/${id}/apply`),
      "Inventário já foi aplicado e não pode ser aplicado novamente",
    );
    expect(await inventoryMovements(id)).toHaveLength(2);
    expectRefusal(
      await api.post(`/sku/inventory/${id}/items`, { Items: [{ IDSku: more.IDSku, Quantity: 1 }] }),
      "Inventário já aplicado não aceita novas contagens",
    );
  });

  it("two concurrent applies post the differences once", async () => {
    const wh = await newWarehouse(api);
    const sku = await newSku(api);
    const id = (await api.post("/sku/inventory", { IDWarehouse: wh })).body
      .IDStockKeepingUnitInventorySummary;
    await api.post(`/sku/inventory/${id}/items`, { Items: [{ IDSku: sku.IDSku, Quantity: 3 }] });
    const answers = await Promise.all([
      api.post(`/sku/inventory/${id}/apply`),
      api.post(`/sku/inventory/${id}/apply`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toMatchObject({
      errorMessage: "Inventário já foi aplicado e não pode ser aplicado novamente",
    });
    expect(await inventoryMovements(id)).toHaveLength(1);
  });

  it("bad counts: per-item message, nothing written; another company's session is nonexistent", async () => {
    const wh = await newWarehouse(api);
    const sku = await newSku(api);
    const id = (await api.post("/sku/inventory", { IDWarehouse: wh })).body
      .IDStockKeepingUnitInventorySummary;
    const bad = await api.post(`/sku/inventory/${id}/items`, {
      Items: [
        { IDSku: sku.IDSku, Quantity: 1 },
        { IDSku: sku.IDSku, Quantity: 1.5 },
      ],
    });
    expectRefusal(bad, "Items[1]. Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações");
    const negative = await api.post(`/sku/inventory/${id}/items`, {
      Items: [{ IDSku: sku.IDSku, Quantity: -1 }],
    });
    expect(negative.body).toMatchObject({ errorMessage: "Items[0]. Quantidade não pode ser negativa" });
    const foreignSku = await newSku(other);
    const foreign = await api.post(`/sku/inventory/${id}/items`, {
      Items: [{ IDSku: foreignSku.IDSku, Quantity: 1 }],
    });
    expect(foreign.body).toMatchObject({ errorMessage: "Items[0]. SKU não existe" });
    expect(
      await demoDb().select().from(stockInventoryItems).where(eq(stockInventoryItems.inventoryId, id)).all(),
    ).toEqual([]);
    expectRefusal(await api.post(`/sku/inventory/${id}/apply`), "Inventário sem itens contados");
    expectRefusal(await other.get(`/sku/inventory-summary/${id}`), "Inventário não existe");
    const foreignWarehouse = await newWarehouse(other);
    expectRefusal(await api.post("/sku/inventory", { IDWarehouse: foreignWarehouse }), "Depósito não existe");
  });

  it("pages Items by 5000 and applies 6,000 differences in one batch", async () => {
    const wh = await newWarehouse(api);
    const prefix = unique("INV").replace(/\s/g, "-");
    const db = demoDb();
    const count = 6000;
    await env.DB_DEMO.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
       INSERT INTO products (company_id, code, name) SELECT 1, ?1 || '-' || i, 'Item ' || i FROM n`,
    )
      .bind(prefix, count)
      .run();
    const ids = (
      await db
        .select({ id: products.id })
        .from(products)
        .where(sql`${products.code} LIKE ${`${prefix}-%`}`)
        .orderBy(products.id)
    ).map((r) => r.id);
    expect(ids).toHaveLength(count);
    const id = (await api.post("/sku/inventory", { IDWarehouse: wh })).body
      .IDStockKeepingUnitInventorySummary;
    const counted = await api.post(`/sku/inventory/${id}/items`, {
      Items: ids.map((IDSku) => ({ IDSku, Quantity: 2 })),
    });
    expect(counted.body.ItemsCount).toBe(count);
    const first = await api.get(`/sku/inventory-summary/${id}`);
    expect(first.body).toMatchObject({ ItemsCount: count, HasNextPageItems: true });
    expect(first.body.Items).toHaveLength(5000);
    const second = await api.get(`/sku/inventory-summary/${id}?Page=1`);
    expect(second.body).toMatchObject({ HasNextPageItems: false, Page: 1 });
    expect(second.body.Items).toHaveLength(1000);
    const applied = await api.post(`/sku/inventory/${id}/apply`);
    expect(applied.body.Movements).toBe(count);
    expect(await inventoryMovements(id)).toHaveLength(count);
  });
});

describe("POST /sku/pricing/{idsku}", () => {
  it("calculates from the average cost and writes the price only when asked and valid", async () => {
    const sku = await newSku(api, { Cost: 1, Price: 5 });
    await adjust(api, { IDSku: sku.IDSku, IDWarehouse: 1, IDTypeMovement: 0, Quantity: 1, UnitCost: 10 });
    const dry = await api.post(`/sku/pricing/${sku.IDSku}`, { Markup: 80, TaxRate: 18, FeeRate: 12 });
    expect(dry).toMatchObject({
      status: 200,
      body: {
        IDSku: sku.IDSku,
        Cost: 10,
        CalculatedPrice: 25.71,
        PreviousPrice: 5,
        Price: 5,
        Updated: 0,
        Message: "Preço calculado e não gravado: UpdateIfPossible não informado",
      },
    });
    const write = await api.post(`/sku/pricing/${sku.IDSku}`, {
      Markup: 80,
      TaxRate: 18,
      FeeRate: 12,
      UpdateIfPossible: 1,
    });
    expect(write.body).toMatchObject({ Price: 25.71, Updated: 1, Message: "Preço atualizado" });
    expect(
      await demoDb().select({ price: products.price }).from(products).where(eq(products.id, sku.IDSku)).get(),
    ).toEqual({
      price: 2571,
    });
    const below = await api.post(`/sku/pricing/${sku.IDSku}`, { Markup: -50, UpdateIfPossible: 1 });
    expect(below.body).toMatchObject({
      CalculatedPrice: 5,
      Price: 25.71,
      Updated: 0,
      Message:
        "Preço não gravado: o preço calculado é menor que o custo e o SKU não permite venda abaixo do custo",
    });
  });

  it("refuses a markup below -100 % and rates summing 100 %; nothing written", async () => {
    const sku = await newSku(api, { Cost: 10, Price: 20 });
    expectRefusal(
      await api.post(`/sku/pricing/${sku.IDSku}`, { Markup: -100.5, UpdateIfPossible: 1 }),
      "Markup não pode ser menor que -100%",
    );
    expectRefusal(
      await api.post(`/sku/pricing/${sku.IDSku}`, {
        Markup: 10,
        TaxRate: 50,
        FeeRate: 50,
        UpdateIfPossible: 1,
      }),
      "A soma de impostos e taxas deve ser menor que 100%",
    );
    expectRefusal(await other.post(`/sku/pricing/${sku.IDSku}`, { Markup: 10 }), "SKU não existe");
    expect(
      await demoDb().select({ price: products.price }).from(products).where(eq(products.id, sku.IDSku)).get(),
    ).toEqual({
      price: 2000,
    });
  });
});
