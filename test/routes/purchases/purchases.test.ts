import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchases } from "../../../drizzle/schema";
import { addDays, todayIn } from "../../../src/lib/dates";
import type { ErrorBody } from "../../support/api";
import { errorBody } from "../../support/api";
import {
  newPurchase,
  purchaseItemRows,
  purchaseRow,
  purchaseWorld,
  salesOrder,
} from "../../support/purchase-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;
const today = () => todayIn("America/Sao_Paulo");

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

describe("purchase status registry", () => {
  it("lists the 13 seeded statuses with their transitions", async () => {
    const response = await api.get("/type/purchase/status");
    expect(response.status).toBe(200);
    expect(response.body.map((s) => s.IDStatusPurchase)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(response.body[0]).toMatchObject({
      Description: "Rascunho",
      Editable: 1,
      AwaitingReceipt: 0,
      NextStatuses: [1, 2, 12],
    });
    expect(response.body[9]).toMatchObject({ Description: "Recebido", Editable: 0, NextStatuses: [10, 11] });
    expect(response.body[12]).toMatchObject({ Description: "Cancelado", Final: 1, NextStatuses: [] });
  });
});

describe("POST /purchase and GET /purchase/{idpurchase}", () => {
  it("creates a purchase with items and one schedule per due date, and reads it back", async () => {
    const world = await purchaseWorld(api, { skuCount: 3 });
    const orderId = await salesOrder(api);
    const due = addDays(today(), 10);
    const created = await api.post("/purchase", {
      IDSupplier: world.supplierId,
      IDWarehouse: world.warehouseId,
      IDTypePayment: world.paymentTypeId,
      Installments: 2,
      IDOrder: orderId,
      chNFe: "35261112345678000195550010000012341000012345",
      NfeNumber: 1234,
      StartTime: "2026-11-20 09:30:00",
      Description: "Reposição",
      Items: [
        { IDSku: world.skus[0], Quantity: 10, UnitCost: 12.5, DueDate: due },
        { IDSku: world.skus[1], Quantity: 4, UnitCost: 30, DueDate: due },
        { IDSku: world.skus[2], Quantity: 1, UnitCost: 0.01 },
      ],
    });
    expect(created.status).toBe(200);
    const body = created.body;
    expect(body).toMatchObject({
      IDStatusPurchase: 0,
      StatusPurchase: "Rascunho",
      Origin: "purchase",
      IDSupplier: world.supplierId,
      SupplierName: "Distribuidora Alfa",
      IDWarehouse: world.warehouseId,
      IDTypePayment: world.paymentTypeId,
      Installments: 2,
      IDOrder: orderId,
      NfeNumber: 1234,
      StartTime: "2026-11-20 09:30:00",
      ItemsCount: 3,
      Total: 245.01,
      Received: 0,
      ReceivedAt: null,
      Payables: [],
    });
    expect(body.Schedules).toHaveLength(1);
    const scheduleId = body.Schedules[0]!.IDStockKeepingUnitPurchaseSchedule;
    expect(body.Schedules[0]).toMatchObject({
      DueDate: due,
      StockKeepingUnitPurchaseScheduleStatus: 2,
      ScheduleStatusName: "Agendado",
    });
    expect(
      body.Items.map((i) => [
        i.IDSku,
        i.Quantity,
        i.UnitCost,
        i.Total,
        i.IDStockKeepingUnitPurchaseSchedule,
        i.StockKeepingUnitPurchaseScheduleStatus,
      ]),
    ).toEqual([
      [world.skus[0], 10, 12.5, 125, scheduleId, 2],
      [world.skus[1], 4, 30, 120, scheduleId, 2],
      [world.skus[2], 1, 0.01, 0.01, null, 4],
    ]);
    const read = await api.get(`/purchase/${body.IDPurchase}`);
    expect(read).toMatchObject({ status: 200, body });
    const items = await purchaseItemRows(body.IDPurchase);
    expect(items.map((i) => [i.quantity, i.unitCost, i.scheduleId])).toEqual([
      [10000, 1250, scheduleId],
      [4000, 3000, scheduleId],
      [1000, 1, null],
    ]);
  });

  it("refuses bad input with the exact message and writes nothing", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const base = {
      IDSupplier: world.supplierId,
      IDWarehouse: world.warehouseId,
      Items: [{ IDSku: world.skus[0], Quantity: 1, UnitCost: 1 }],
    };
    const before = await demoDb().select().from(purchases).all();
    const cases: [Record<string, unknown>, string][] = [
      [{ IDSupplier: undefined }, "Fornecedor (IDSupplier) é obrigatório"],
      [{ IDSupplier: 999999 }, "Fornecedor não existe"],
      [{ IDWarehouse: undefined }, "Depósito (IDWarehouse) é obrigatório"],
      [{ IDWarehouse: 999999 }, "Depósito não existe"],
      [{ IDTypePayment: 999999 }, "Tipo pagamento não existe"],
      [{ Items: [] }, "Items é obrigatório e deve ser um array com pelo menos um item"],
      [{ Items: undefined }, "Items é obrigatório e deve ser um array com pelo menos um item"],
      [{ Items: [{ IDSku: 999999, Quantity: 1, UnitCost: 1 }] }, "Items[0]. SKU não existe"],
      [
        { Items: [{ IDSku: world.skus[0], Quantity: 0, UnitCost: 1 }] },
        "Items[0]. Quantidade deve ser maior que zero",
      ],
      [
        { Items: [{ IDSku: world.skus[0], Quantity: 1.5, UnitCost: 1 }] },
        "Items[0]. Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações",
      ],
      [{ IDStatusPurchase: 9 }, "Uma compra não pode ser criada no status 9: use um status de 0 a 7"],
      [{ IDStatusPurchase: 13 }, "Status de compra não existe"],
      [{ chNFe: "123" }, "chNFe deve ter 44 dígitos"],
      [
        { Items: [{ IDSku: world.skus[0], Quantity: 1, UnitCost: 1.001 }] },
        "UnitCost aceita no máximo 2 casas decimais",
      ],
    ];
    for (const [change, message] of cases) {
      const response = await api.post<ErrorBody>("/purchase", { ...base, ...change });
      expect(response.status, message).toBe(400);
      expect(response.body.errorMessage, JSON.stringify(change)).toContain(message);
    }
    expect(await demoDb().select().from(purchases).all()).toHaveLength(before.length);
  });

  it("keeps chNFe unique per company", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const key = `3526111234567800019555001${String(Date.now()).slice(-10).padStart(19, "0")}`;
    await newPurchase(api, world, { chNFe: key });
    const again = await api.post("/purchase", {
      IDSupplier: world.supplierId,
      IDWarehouse: world.warehouseId,
      chNFe: key,
      Items: [{ IDSku: world.skus[0], Quantity: 1, UnitCost: 1 }],
    });
    expectRefusal(again, "Já existe uma compra com esta chave de NF-e (chNFe)");
  });

  it("treats another company's purchase as nonexistent", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const purchase = await newPurchase(api, world);
    expectRefusal(await other.get(`/purchase/${purchase.IDPurchase}`), "Compra não existe");
    expectRefusal(
      await other.put(`/purchase/${purchase.IDPurchase}`, { Description: "x" }),
      "Compra não existe",
    );
    const list = await other.get(`/purchase?IDPurchase=${purchase.IDPurchase}`);
    expect(list).toMatchObject({ status: 200, body: [] });
    // company 2 cannot use company 1's SKU or supplier
    const refused = await other.post("/purchase", {
      IDSupplier: world.supplierId,
      IDWarehouse: world.warehouseId,
      Items: [{ IDSku: world.skus[0], Quantity: 1, UnitCost: 1 }],
    });
    expectRefusal(refused, "Fornecedor não existe");
  });
});

describe("PUT /purchase/{idpurchase}", () => {
  it("changes only what is sent, replaces items, and follows the status transitions", async () => {
    const world = await purchaseWorld(api, { skuCount: 2 });
    const purchase = await newPurchase(api, world, { IDStatusPurchase: 0, Description: "Original" });
    const due = addDays(today(), 3);
    const edited = await api.put(`/purchase/${purchase.IDPurchase}`, {
      Installments: 3,
      Items: [{ IDSku: world.skus[1], Quantity: 2, UnitCost: 7, DueDate: due }],
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        Description: "Original",
        Installments: 3,
        ItemsCount: 1,
        Total: 14,
        Schedules: [{ DueDate: due }],
      },
    });
    expect(await purchaseItemRows(purchase.IDPurchase)).toHaveLength(1);

    expectRefusal(
      await api.put(`/purchase/${purchase.IDPurchase}`, { IDStatusPurchase: 5 }),
      "Transição de status não permitida: de 0 para 5",
    );
    expectRefusal(
      await api.put(`/purchase/${purchase.IDPurchase}`, { IDStatusPurchase: 9 }),
      "Os status 8 e 9 são definidos pela conferência (POST /purchase/{id}/check)",
    );
    for (const next of [2, 3, 12]) {
      const moved = await api.put(`/purchase/${purchase.IDPurchase}`, { IDStatusPurchase: next });
      expect(moved).toMatchObject({ status: 200, body: { IDStatusPurchase: next } });
    }
    expectRefusal(
      await api.put(`/purchase/${purchase.IDPurchase}`, { Description: "Depois" }),
      "Compra recebida, encerrada ou cancelada não pode ser alterada",
    );
    expectRefusal(
      await api.put(`/purchase/${purchase.IDPurchase}`, { IDStatusPurchase: 0 }),
      "Transição de status não permitida: de 12 para 0",
    );
    expect((await purchaseRow(purchase.IDPurchase))?.description).toBe("Original");
  });

  it("an edit that lost the race against another write changes nothing", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const purchase = await newPurchase(api, world);
    // two edits at once: each takes the purchase only at the version it read; the loser writes nothing
    const [a, b] = await Promise.all([
      api.put(`/purchase/${purchase.IDPurchase}`, {
        Description: "A",
        Items: [{ IDSku: world.skus[0], Quantity: 1, UnitCost: 1 }],
      }),
      api.put(`/purchase/${purchase.IDPurchase}`, {
        Description: "B",
        Items: [{ IDSku: world.skus[0], Quantity: 2, UnitCost: 2 }],
      }),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b].filter((r) => r.status !== 200))
      expect(errorBody(r).errorMessage).toBe("A compra foi alterada por outra requisição, tente novamente");
    const items = await purchaseItemRows(purchase.IDPurchase);
    expect(items).toHaveLength(1);
    const row = await purchaseRow(purchase.IDPurchase);
    expect(items[0]!.quantity).toBe(row!.description === "A" ? 1000 : 2000);
  });
});

describe("GET /purchase filters", () => {
  it("filters by schedule status, order, NF-e, dates and record timestamp", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const sku = world.skus[0];
    const item = (extra: Record<string, unknown> = {}) => [
      { IDSku: sku, Quantity: 1, UnitCost: 1, ...extra },
    ];
    const orderId = await salesOrder(api);
    const scheduled = await newPurchase(api, world, {
      IDOrder: orderId,
      Items: item({ DueDate: addDays(today(), 5) }),
    });
    const late = await newPurchase(api, world, {
      IDOrder: orderId,
      Items: item({ DueDate: addDays(today(), -1) }),
    });
    const unscheduled = await newPurchase(api, world, { IDOrder: orderId, Items: item() });
    const lateCancelled = await newPurchase(api, world, {
      IDOrder: orderId,
      Items: item({ DueDate: addDays(today(), -2) }),
    });
    await api.put(`/purchase/${lateCancelled.IDPurchase}`, { IDStatusPurchase: 12 });

    const ids = async (query: string) =>
      (await api.get(`/purchase?IDOrder=${orderId}&${query}`)).body.map((p) => p.IDPurchase).sort();
    expect(await ids("StockKeepingUnitPurchaseScheduleStatus=2")).toEqual([scheduled.IDPurchase]);
    expect(await ids("StockKeepingUnitPurchaseScheduleStatus=3")).toEqual([late.IDPurchase]);
    expect(await ids("StockKeepingUnitPurchaseScheduleStatus=4")).toEqual([unscheduled.IDPurchase]);
    expect(await ids("StockKeepingUnitPurchaseScheduleStatus=1")).toEqual([]);
    expect(await ids("")).toEqual(
      [scheduled.IDPurchase, late.IDPurchase, unscheduled.IDPurchase, lateCancelled.IDPurchase].sort(),
    );
    const lateDetail = await api.get(`/purchase/${late.IDPurchase}`);
    expect(lateDetail.body.Items[0]).toMatchObject({ StockKeepingUnitPurchaseScheduleStatus: 3 });
    const cancelledDetail = await api.get(`/purchase/${lateCancelled.IDPurchase}`);
    expect(cancelledDetail.body.Items[0]).toMatchObject({ StockKeepingUnitPurchaseScheduleStatus: 2 });

    const bad = await api.get<ErrorBody>("/purchase?StockKeepingUnitPurchaseScheduleStatus=5");
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toContain(
      "StockKeepingUnitPurchaseScheduleStatus deve ser um de: 1, 2, 3, 4",
    );
  });

  it("filters by chNFeFrom, NfeNumberFrom, StartTime range and SinceRecordTimestamp", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const supplier = world.supplierId;
    const stamp = String(Date.now()).slice(-9);
    const keyA = `41${stamp}${"0".repeat(33)}`;
    const keyB = `41${stamp}${"5".repeat(33)}`;
    const a = await newPurchase(api, world, {
      chNFe: keyA,
      NfeNumber: 100,
      StartTime: "2026-10-01 08:00:00",
    });
    const b = await newPurchase(api, world, {
      chNFe: keyB,
      NfeNumber: 200,
      StartTime: "2026-10-15 18:00:00",
    });
    await demoDb()
      .update(purchases)
      .set({ updatedAt: "2020-01-01 00:00:00" })
      .where(eq(purchases.id, a.IDPurchase));
    const ids = async (query: string) =>
      (await api.get(`/purchase?IDSupplier=${supplier}&${query}`)).body.map((p) => p.IDPurchase).sort();
    expect(await ids(`chNFeFrom=${keyB}`)).toEqual([b.IDPurchase]);
    expect(await ids(`chNFeFrom=${keyA}`)).toEqual([a.IDPurchase, b.IDPurchase]);
    expect(await ids("NfeNumberFrom=150")).toEqual([b.IDPurchase]);
    expect(await ids("StartTimeFrom=2026-10-01&StartTimeTo=2026-10-14")).toEqual([a.IDPurchase]);
    expect(await ids("StartTimeTo=2026-10-15")).toEqual([a.IDPurchase, b.IDPurchase]);
    expect(await ids("StartTimeFrom=2026-10-15 18:00:01")).toEqual([]);
    expect(await ids("SinceRecordTimestamp=2025-01-01")).toEqual([b.IDPurchase]);
    expect(await ids("IDStatusPurchase=2")).toEqual([a.IDPurchase, b.IDPurchase]);
    expect(await ids("Page=1")).toEqual([]);
  });

  it("lists newest first with header fields", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const sku2 = await newSku(api);
    const p = await newPurchase(api, { ...world, skus: [world.skus[0]!, sku2.IDSku] });
    const list = await api.get(`/purchase?IDPurchase=${p.IDPurchase}`);
    expect(list.body).toEqual([
      expect.objectContaining({
        IDPurchase: p.IDPurchase,
        ItemsCount: 2,
        Total: 25 + 38.5,
        SupplierName: "Distribuidora Alfa",
      }),
    ]);
    expect((list.body[0]! as { Items?: unknown }).Items).toBeUndefined();
  });
});
