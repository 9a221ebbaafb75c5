import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchases, skuBatches, titles } from "../../../drizzle/schema";
import { addDays, todayIn } from "../../../src/lib/dates";
import { errorBody } from "../../support/api";
import { invariantViolations } from "../../support/invariants";
import {
  newPurchase,
  purchaseItemRows,
  purchaseMovements,
  purchaseRow,
  purchaseWorld,
  receiptTraces,
  salesOrder,
  setRate,
} from "../../support/purchase-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, newSku } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;
const today = () => todayIn("America/Sao_Paulo");

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

/** A purchase of two SKUs (10 @ 2.50 and 11 @ 3.50) awaiting receipt, with its item ids. */
async function approvedPurchase(body: Record<string, unknown> = {}, skuBody: Record<string, unknown> = {}) {
  const world = await purchaseWorld(api, { skuCount: 2, sku: skuBody });
  const purchase = await newPurchase(api, world, body);
  const itemIds = purchase.Items.map((i) => i.IDStockKeepingUnitPurchase) as number[];
  return { world, purchase, id: purchase.IDPurchase as number, itemIds };
}

async function expectNothingWritten(id: number, statusId: number) {
  expect(await receiptTraces(id)).toEqual({
    receipts: [],
    lines: [],
    titles: [],
    movements: [],
    surplus: [],
  });
  expect((await purchaseRow(id))?.statusId).toBe(statusId);
  expect((await purchaseItemRows(id)).map((i) => i.receivedQty)).toEqual(
    (await purchaseItemRows(id)).map(() => null),
  );
}

describe("POST /purchase/{idpurchase}/check", () => {
  it("posts inbound movements at the purchase cost, creates the payables from the terms and receives", async () => {
    const { world, id, itemIds } = await approvedPurchase();
    await setRate(api, world.paymentTypeId, 3);
    await api.put(`/purchase/${id}`, {
      IDTypePayment: world.paymentTypeId,
      Installments: 3,
      NfeNumber: 4321,
    });
    await adjust(api, {
      IDSku: world.skus[0]!,
      IDWarehouse: world.warehouseId,
      IDTypeMovement: 0,
      Quantity: 10,
      UnitCost: 4,
    });

    const checked = await api.post(`/purchase/${id}/check`, {
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 10 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 11 },
      ],
    });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      IDPurchase: id,
      IDStatusPurchase: 9,
      StatusPurchase: "Recebido",
      Received: 1,
      IDPurchaseSurplus: null,
      Total: 63.5,
    });
    expect(checked.body.ReceivedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(
      checked.body.Items.map((i) => [
        i.QuantityReceived,
        i.QuantityCounted,
        i.StockKeepingUnitPurchaseScheduleStatus,
      ]),
    ).toEqual([
      [10, 10, 1],
      [11, 11, 1],
    ]);
    // 25.00 + 38.50 = 63.50 in three installments: 21.18 + 21.16 + 21.16, due in 30, 60, 90 days
    expect(
      checked.body.Payables.map((p) => [p.Installment, p.Value, p.OpenValue, p.DueDate, p.Status]),
    ).toEqual([
      [1, 21.18, 21.18, addDays(today(), 30), 1],
      [2, 21.16, 21.16, addDays(today(), 60), 1],
      [3, 21.16, 21.16, addDays(today(), 90), 1],
    ]);
    const title = await api.get(`/accounts/payable/${checked.body.Payables[0]!.IDAccountPayableReceivable}`);
    expect(title.body).toMatchObject({
      Description: `Compra ${id} - parcela 1/3`,
      Document: "NF-e 4321",
      IDSupplier: world.supplierId,
      IDTypePayment: world.paymentTypeId,
      Value: 21.18,
    });

    const movements = await purchaseMovements(id);
    expect(
      movements.map((m) => [m.skuId, m.warehouseId, m.typeMovement, m.quantity, m.unitCost, m.averageCost]),
    ).toEqual([
      [world.skus[0], world.warehouseId, 0, 10000, 250, 325],
      [world.skus[1], world.warehouseId, 0, 11000, 350, 350],
    ]);
    const sku = await api.get(`/sku/${world.skus[0]}`);
    expect(sku.body[0]).toMatchObject({ AverageCost: 3.25 });
    const balance = await api.get(`/sku/${world.skus[0]}/warehouse`);
    expect(JSON.stringify(balance.body)).toContain('"QtyOnStock":20');

    const read = await api.get(`/purchase/${id}`);
    expect(read.body).toEqual(checked.body);
    // after receipt only the status moves on: closed (10), never back
    expectRefusal(
      await api.put(`/purchase/${id}`, { Description: "Depois" }),
      "Compra recebida, encerrada ou cancelada não pode ser alterada",
    );
    expectRefusal(
      await api.put(`/purchase/${id}`, { IDStatusPurchase: 7 }),
      "Transição de status não permitida: de 9 para 7",
    );
    const closed = await api.put(`/purchase/${id}`, { IDStatusPurchase: 10 });
    expect(closed).toMatchObject({
      status: 200,
      body: { IDStatusPurchase: 10, Received: 1, Payables: checked.body.Payables },
    });
    const listed = await api.get(`/purchase?IDPurchase=${id}&StockKeepingUnitPurchaseScheduleStatus=1`);
    expect(listed.body.map((p) => p.IDPurchase)).toEqual([id]);
  });

  it("refuses a second check, even two at once, and posts the movements once", async () => {
    const { id, itemIds } = await approvedPurchase();
    const body = {
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 10 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 11 },
      ],
    };
    const [a, b] = await Promise.all([
      api.post(`/purchase/${id}/check`, body),
      api.post(`/purchase/${id}/check`, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(errorBody(refused).errorMessage).toBe(
      "Compra já foi conferida e recebida; não pode ser conferida novamente",
    );
    const again = await api.post(`/purchase/${id}/check`, body);
    expectRefusal(again, "Compra já foi conferida e recebida; não pode ser conferida novamente");
    const traces = await receiptTraces(id);
    expect(traces.movements).toHaveLength(2);
    expect(traces.receipts).toHaveLength(1);
    expect(traces.titles).toHaveLength(1);
  });

  it("refuses counts below zero, and writes nothing", async () => {
    const { id, itemIds } = await approvedPurchase();
    const response = await api.post(`/purchase/${id}/check`, {
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 10 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: -1 },
      ],
    });
    expectRefusal(response, "Items[1]. Quantidade conferida não pode ser negativa");
    await expectNothingWritten(id, 2);
  });

  it("refuses a surplus without CreateNewPurchaseSentMore, and writes nothing", async () => {
    const { world, id, itemIds } = await approvedPurchase();
    const response = await api.post(`/purchase/${id}/check`, {
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 12.0 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 11 },
      ],
    });
    expectRefusal(
      response,
      `Quantidade conferida maior que a comprada no item ${itemIds[0]} (SKU ${world.skus[0]}): comprado 10, conferido 12. Envie CreateNewPurchaseSentMore=1 para lançar o excedente em uma nova compra`,
    );
    await expectNothingWritten(id, 2);
  });

  it("with CreateNewPurchaseSentMore=1 receives the order and puts the surplus in a new purchase", async () => {
    const orderId = await salesOrder(api);
    const { world, id, itemIds } = await approvedPurchase({ IDOrder: orderId });
    const response = await api.post(`/purchase/${id}/check`, {
      CreateNewPurchaseSentMore: 1,
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 13 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 11 },
      ],
    });
    expect(response.status).toBe(200);
    const surplusId = response.body.IDPurchaseSurplus;
    expect(surplusId).toEqual(expect.any(Number));
    expect(response.body.Items.map((i) => [i.QuantityReceived, i.QuantityCounted])).toEqual([
      [10, 13],
      [11, 11],
    ]);
    expect((await purchaseMovements(id)).map((m) => m.quantity)).toEqual([10000, 11000]);
    expect(response.body.Payables.map((p) => p.Value)).toEqual([63.5]);

    const surplus = await api.get(`/purchase/${surplusId}`);
    expect(surplus.body).toMatchObject({
      IDStatusPurchase: 7,
      Origin: "surplus",
      IDPurchaseParent: id,
      IDSupplier: world.supplierId,
      IDWarehouse: world.warehouseId,
      IDOrder: orderId,
      Received: 0,
      Total: 7.5,
      Payables: [],
    });
    expect(surplus.body.Items.map((i) => [i.IDSku, i.Quantity, i.UnitCost])).toEqual([
      [world.skus[0], 3, 2.5],
    ]);
    expect(await purchaseMovements(surplusId!)).toEqual([]);
    // the surplus is checked on its own
    const checked = await api.post(`/purchase/${surplusId}/check`, {
      Items: [{ IDStockKeepingUnitPurchase: surplus.body.Items[0]!.IDStockKeepingUnitPurchase, Quantity: 3 }],
    });
    expect(checked.body).toMatchObject({ IDStatusPurchase: 9, Payables: [{ Value: 7.5 }] });
  });

  it("receives a shortage as status 8 and pays what arrived", async () => {
    const { id, itemIds } = await approvedPurchase();
    const response = await api.post(`/purchase/${id}/check`, {
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 4 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 0 },
      ],
    });
    expect(response.body).toMatchObject({
      IDStatusPurchase: 8,
      StatusPurchase: "Recebido com divergência (faltas)",
      Payables: [{ Value: 10, DueDate: today() }],
    });
    expect((await purchaseMovements(id)).map((m) => m.quantity)).toEqual([4000]);
  });

  it("takes batches and expiry where the SKU uses batches", async () => {
    const { world, id, itemIds } = await approvedPurchase({}, { BatchControl: 1 });
    const without = await api.post(`/purchase/${id}/check`, {
      Items: [
        { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 10 },
        { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 11 },
      ],
    });
    expectRefusal(
      without,
      "Items[0]. SKU controla lote: informe Batches com o lote, a validade e a quantidade de cada lote",
    );
    const existing = await api.post("/sku/batch", {
      IDSku: world.skus[1],
      Code: "L-OLD",
      ExpirationDate: "2027-01-31",
    });
    expect(existing.status).toBe(200);
    const mismatch = await api.post(`/purchase/${id}/check`, {
      Items: [
        {
          IDStockKeepingUnitPurchase: itemIds[0],
          Batches: [{ Batch: "L-NEW", ExpirationDate: "2027-06-30", Quantity: 10 }],
        },
        {
          IDStockKeepingUnitPurchase: itemIds[1],
          Batches: [{ Batch: "L-OLD", ExpirationDate: "2027-02-28", Quantity: 11 }],
        },
      ],
    });
    expectRefusal(mismatch, "Items[1]. Lote L-OLD já existe com validade 2027-01-31");
    await expectNothingWritten(id, 2);

    const checked = await api.post(`/purchase/${id}/check`, {
      Items: [
        {
          IDStockKeepingUnitPurchase: itemIds[0],
          Batches: [
            { Batch: "L-NEW", ExpirationDate: "2027-06-30", Quantity: 6 },
            { Batch: "L-NEW2", ExpirationDate: "2027-07-31", Quantity: 4 },
          ],
        },
        {
          IDStockKeepingUnitPurchase: itemIds[1],
          Batches: [{ IDBatch: existing.body[0]!.IDBatch, Quantity: 11 }],
        },
      ],
    });
    expect(checked.status).toBe(200);
    const batches = await demoDb()
      .select()
      .from(skuBatches)
      .where(eq(skuBatches.skuId, world.skus[0]!))
      .all();
    expect(batches.map((b) => [b.code, b.expirationDate])).toEqual([
      ["L-NEW", "2027-06-30"],
      ["L-NEW2", "2027-07-31"],
    ]);
    const movements = await purchaseMovements(id);
    const byBatch = movements.map((m) => [m.batchId, m.quantity]).sort((a, b) => a[0]! - b[0]!);
    expect(byBatch).toEqual(
      [
        [batches[0]!.id, 6000],
        [batches[1]!.id, 4000],
        [existing.body[0]!.IDBatch, 11000],
      ].sort((a, b) => a[0]! - b[0]!),
    );
  });

  it("refuses incomplete or foreign counts and purchases not awaiting receipt", async () => {
    const { id, itemIds } = await approvedPurchase();
    const cases: [unknown, string][] = [
      [{ Items: [] }, "Items é obrigatório e deve ser um array com pelo menos um item"],
      [
        { Items: [{ IDStockKeepingUnitPurchase: itemIds[0], Quantity: 1 }] },
        `Itens da compra não conferidos: ${itemIds[1]}`,
      ],
      [
        {
          Items: [
            { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 1 },
            { IDStockKeepingUnitPurchase: 999999, Quantity: 1 },
          ],
        },
        "Items[1]. Item 999999 não pertence a esta compra",
      ],
      [
        {
          Items: [
            { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 1 },
            { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 1 },
          ],
        },
        `Items[1]. Item ${itemIds[0]} informado mais de uma vez`,
      ],
      [
        {
          Items: [
            { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 0 },
            { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 0 },
          ],
        },
        "Nenhuma quantidade conferida: informe ao menos um item com quantidade maior que zero",
      ],
      [
        {
          Items: [
            { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 1.5 },
            { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 1 },
          ],
        },
        "Items[0]. Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações",
      ],
      [
        {
          Items: [
            { IDStockKeepingUnitPurchase: itemIds[0], Quantity: 1, Batches: [{ Batch: "X", Quantity: 1 }] },
            { IDStockKeepingUnitPurchase: itemIds[1], Quantity: 1 },
          ],
        },
        "Items[0]. SKU não controla lote: informe Quantity, sem Batches",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.post(`/purchase/${id}/check`, body);
      expectRefusal(response, message, message);
    }
    await expectNothingWritten(id, 2);

    expectRefusal(await other.post(`/purchase/${id}/check`, { Items: [] }), "Compra não existe");
    const draft = await approvedPurchase({ IDStatusPurchase: 0 });
    expectRefusal(
      await api.post(`/purchase/${draft.id}/check`, {
        Items: draft.itemIds.map((i) => ({ IDStockKeepingUnitPurchase: i, Quantity: 1 })),
      }),
      "Compra no status 0 (Rascunho) não pode ser conferida: aprove a compra antes (status 2 a 7)",
    );
  });

  it("refuses a payment type without a rate for the installments, and writes nothing", async () => {
    const { world, id, itemIds } = await approvedPurchase();
    await api.put(`/purchase/${id}`, { IDTypePayment: world.paymentTypeId, Installments: 4 });
    const titlesBefore = (await demoDb().select().from(titles).all()).length;
    const response = await api.post(`/purchase/${id}/check`, {
      Items: itemIds.map((i) => ({ IDStockKeepingUnitPurchase: i, Quantity: 1 })),
    });
    expectRefusal(response, "Tipo pagamento sem taxa cadastrada para 4 parcela(s)");
    await expectNothingWritten(id, 2);
    expect((await demoDb().select().from(titles).all()).length).toBe(titlesBefore);
  });

  it("refuses a check whose purchase changed after it was read (the receipt's version guard)", async () => {
    const { id, itemIds } = await approvedPurchase();
    const sku = await newSku(api);
    // an edit and a check race: whichever wins, the purchase ends consistent
    const [edit, check] = await Promise.all([
      api.put(`/purchase/${id}`, { Items: [{ IDSku: sku.IDSku, Quantity: 1, UnitCost: 1 }] }),
      api.post(`/purchase/${id}/check`, {
        Items: itemIds.map((i) => ({ IDStockKeepingUnitPurchase: i, Quantity: 1 })),
      }),
    ]);
    const items = await purchaseItemRows(id);
    const movements = await purchaseMovements(id);
    if (check.status === 200) {
      expect(errorBody(edit).errorMessage).toBe(
        "Compra recebida, encerrada ou cancelada não pode ser alterada",
      );
      expect(items.map((i) => i.receivedQty)).toEqual([1000, 1000]);
      expect(movements).toHaveLength(2);
    } else {
      expect(edit.status).toBe(200);
      expect(items).toHaveLength(1);
      expect(movements).toEqual([]);
    }
    const row = await demoDb().select().from(purchases).where(eq(purchases.id, id)).get();
    // a check that wins counted 1 of each item ordered: received short (8); an edit that wins leaves it approved (2)
    expect(row!.statusId).toBe(check.status === 200 ? 8 : 2);
  });

  it("leaves purchases, payables, production and stock consistent", async () => {
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
