import { beforeAll, describe, expect, it } from "vitest";
import {
  historyRows,
  itemRows,
  newOrder,
  orderCount,
  orderMovements,
  orderRow,
  reservationRows,
  stockedSku,
} from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

describe("POST /orders", () => {
  it("creates the order with items, taxes from the SKU's profile, totals and the first history row", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const created = await api.post("/orders", {
      IDWarehouse: warehouseId,
      Freight: 10,
      Discount: 5,
      Items: [{ IDSku: skuId, Quantity: 2, UnitPrice: 100, Discount: 20 }],
    });
    expect(created.status).toBe(200);
    const order = created.body;
    // amount 2 x 100 - 20 = 180; ICMS 18% 32.40, PIS 1.65% 2.97, COFINS 7.6% 13.68, IBS 0.1% 0.18, CBS 0.9% 1.62
    expect(order.Items).toEqual([
      expect.objectContaining({
        IDSku: skuId,
        Quantity: 2,
        UnitPrice: 100,
        Discount: 20,
        Value: 180,
        ManualTax: 0,
        ReverseTaxCalculation: 0,
        CstIcms: "00",
        IcmsRate: 18,
        IcmsValue: 32.4,
        IpiValue: 0,
        PisValue: 2.97,
        CofinsValue: 13.68,
        IDNfCstIbsCbs: 1,
        IbsValue: 0.18,
        CbsValue: 1.62,
        TaxTotal: 50.85,
        Total: 230.85,
        IDStockMovement: null,
      }),
    ]);
    expect(order).toMatchObject({
      IDStatusOrder: 1,
      StatusOrder: "Pedido recebido",
      StatusColorCode: "#1E88E5",
      StockStatus: 0,
      ItemsValue: 180,
      TaxTotal: 50.85,
      ItemsTotal: 230.85,
      Freight: 10,
      Discount: 5,
      Total: 235.85,
      PaidValue: 0,
      ExchangeReceiptBase64Encode: null,
    });
    expect(order.StatusHistory).toEqual([
      expect.objectContaining({ Seq: 1, FromIDStatusOrder: null, IDStatusOrder: 1, IDUser: 1 }),
    ]);
    expect(await orderRow(order.IDOrder)).toMatchObject({
      total: 23585,
      itemsTotal: 23085,
      statusSeq: 1,
      version: 0,
    });
    expect(await itemRows(order.IDOrder)).toHaveLength(1);
    expect(await reservationRows(order.IDOrder)).toEqual([]);
  });

  it("ReverseTaxCalculation 1 takes the taxes out of the amount: Total is the amount", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 128.25, ReverseTaxCalculation: 1 }],
    });
    // rates sum 28.25%: base 128.25 / 1.2825 = 100.00; taxes 18 + 1.65 + 7.6 + 0.1 + 0.9 = 28.25
    expect(order.Items[0]).toMatchObject({ TaxTotal: 28.25, Value: 100, Total: 128.25, IcmsValue: 18 });
    expect(order.Total).toBe(128.25);
  });

  it("ManualTax 1 takes the CSTs and rates of the request", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      Items: [
        {
          IDSku: skuId,
          Quantity: 1,
          UnitPrice: 200,
          ManualTax: 1,
          CstIcms: "40",
          CstIpi: "50",
          IpiRate: 10,
          CstPis: "07",
          CstCofins: "07",
          IDNfCstIbsCbs: 3,
        },
      ],
    });
    expect(order.Items[0]).toMatchObject({
      ManualTax: 1,
      IDTaxProfile: null,
      CstIcms: "40",
      IcmsValue: 0,
      CstIpi: "50",
      IpiValue: 20,
      IDNfCstIbsCbs: 3,
      TaxTotal: 20,
      Total: 220,
    });
  });

  it("a reserving status (23) reserves the items without touching QtyOnStock", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 10 });
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [
        { IDSku: skuId, Quantity: 2 },
        { IDSku: skuId, Quantity: 3 },
      ],
    });
    expect(await reservationRows(order.IDOrder)).toEqual([
      expect.objectContaining({ skuId, warehouseId, quantity: 5000, statusOrderId: 23 }),
    ]);
    const balance = await api.get(`/sku/${skuId}/warehouse`);
    expect(balance.body.filter((w) => w.IDWarehouse === warehouseId)).toEqual([
      expect.objectContaining({ QtyOnStock: 10, QtyReserved: 5, QtyAvailable: 5 }),
    ]);
  });

  it.each([
    [
      "a SKU of another company",
      async () => ({ IDSku: (await stockedSku(other)).skuId, Quantity: 1 }),
      "Items[0]. SKU não existe",
    ],
    [
      "quantity 0",
      async () => ({ IDSku: (await stockedSku(api)).skuId, Quantity: 0 }),
      "Items[0]. Quantidade deve ser maior que zero",
    ],
    [
      "a negative quantity",
      async () => ({ IDSku: (await stockedSku(api)).skuId, Quantity: -2 }),
      "Items[0]. Quantidade deve ser maior que zero",
    ],
    [
      "a fraction of a whole unit",
      async () => ({ IDSku: (await stockedSku(api)).skuId, Quantity: 1.5 }),
      "Items[0]. Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações",
    ],
  ])("refuses %s and writes nothing", async (_name, item, message) => {
    const { warehouseId } = await stockedSku(api, { stock: 0 });
    const good = await stockedSku(api, { stock: 0 });
    const before = await orderCount();
    const response = await api.post("/orders", {
      IDWarehouse: warehouseId,
      Items: [await item(), { IDSku: good.skuId, Quantity: 1 }],
    });
    expectRefusal(response, message);
    expect(await orderCount()).toBe(before);
  });

  it("refuses an empty order, an unknown warehouse or status, and a status an order cannot start in", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const items = [{ IDSku: skuId, Quantity: 1 }];
    expectRefusal(
      await api.post("/orders", { IDWarehouse: warehouseId, Items: [] }),
      "Items é obrigatório e deve ser um array com pelo menos um item",
    );
    const otherWarehouse = (await stockedSku(other, { stock: 0 })).warehouseId;
    expectRefusal(
      await api.post("/orders", { IDWarehouse: otherWarehouse, Items: items }),
      "Depósito não existe",
    );
    expectRefusal(
      await api.post("/orders", { IDWarehouse: warehouseId, IDStatusOrder: 99, Items: items }),
      "Status do pedido não existe",
    );
    expectRefusal(
      await api.post("/orders", { IDWarehouse: warehouseId, IDStatusOrder: 6, Items: items }),
      "Pedido não pode ser criado no status 6",
    );
  });
});

describe("PUT /orders/{idorder}: status transitions", () => {
  it("invoicing posts one outbound movement per item at the average cost and releases the reservation; cancelling returns it", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 10, cost: 12.5 });
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 23,
      Items: [{ IDSku: skuId, Quantity: 4 }],
    });
    const invoiced = await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 6 });
    expect(invoiced.status).toBe(200);
    expect(invoiced.body).toMatchObject({ IDStatusOrder: 6, StockStatus: 1 });
    const [item] = invoiced.body.Items;
    expect(item!.IDStockMovement).toEqual(expect.any(Number));
    const out = await orderMovements([item!.IDSkuMovement]);
    expect(out).toEqual([
      expect.objectContaining({
        id: item!.IDStockMovement,
        typeMovement: 1,
        quantity: 4000,
        unitCost: 1250,
        warehouseQtyAfter: 6000,
      }),
    ]);
    expect(await reservationRows(order.IDOrder)).toEqual([]);
    expect(invoiced.body.StatusHistory.map((h) => [h.Seq, h.FromIDStatusOrder, h.IDStatusOrder])).toEqual([
      [1, null, 23],
      [2, 23, 6],
    ]);

    const cancelled = await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 10 });
    expect(cancelled.body).toMatchObject({ IDStatusOrder: 10, StockStatus: 2 });
    const moves = await orderMovements([item!.IDSkuMovement]);
    expect(moves.map((m) => [m.typeMovement, m.quantity, m.unitCost, m.warehouseQtyAfter])).toEqual([
      [1, 4000, 1250, 6000],
      [0, 4000, 1250, 10000],
    ]);
    expect(cancelled.body.Items[0]!.IDStockMovementReturn).toBe(moves[1]!.id);
    expect(await historyRows(order.IDOrder)).toHaveLength(3);
  });

  it("refuses a forbidden transition, an unknown status and any change of a final status, writing nothing", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, { IDWarehouse: warehouseId, Items: [{ IDSku: skuId, Quantity: 1 }] });
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 9 }),
      "Transição de status não permitida: de 1 para 9",
    );
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 77 }),
      "Status do pedido não existe",
    );
    expect(await orderRow(order.IDOrder)).toMatchObject({ statusId: 1, statusSeq: 1, version: 0 });
    expect(await historyRows(order.IDOrder)).toHaveLength(1);

    expect((await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 10 })).status).toBe(200);
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 2 }),
      "Pedido em status final não pode ser alterado",
    );
    expect(await historyRows(order.IDOrder)).toHaveLength(2);
  });

  it("invoicing past the balance is refused and nothing is written", async () => {
    const { skuId, warehouseId } = await stockedSku(api, { stock: 2 });
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 3,
      Items: [{ IDSku: skuId, Quantity: 5 }],
    });
    const refused = await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 6 });
    expectRefusal(
      refused,
      `Items[0]. Estoque insuficiente do SKU ${skuId} no depósito ${warehouseId}: saldo 2, solicitado 5`,
    );
    expect(await orderRow(order.IDOrder)).toMatchObject({ statusId: 3, stockState: 0, version: 0 });
    expect(await orderMovements([order.Items[0]!.IDSkuMovement])).toEqual([]);
  });

  it("changes header fields and records a message request; Resend without TypeMessage is refused", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 10 }],
    });
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}`, { Resend: 1 }),
      "TypeMessage é obrigatório quando Resend é 1",
    );
    const changed = await api.put(`/orders/${order.IDOrder}`, {
      TrackingCode: "BR123",
      Freight: 7.5,
      Volumes: 2,
      GrossWeight: 1.25,
      Resend: 1,
      TypeMessage: "email",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      TrackingCode: "BR123",
      Freight: 7.5,
      Volumes: 2,
      GrossWeight: 1.25,
    });
    expect(changed.body.Total).toBe(order.Total + 7.5);
  });

  it("an order of another company is answered as missing", async () => {
    const { skuId, warehouseId } = await stockedSku(other);
    const theirs = await newOrder(other, {
      IDWarehouse: warehouseId,
      Items: [{ IDSku: skuId, Quantity: 1 }],
    });
    expectRefusal(await api.get(`/orders/${theirs.IDOrder}`), "Pedido não existe");
    expectRefusal(await api.put(`/orders/${theirs.IDOrder}`, { IDStatusOrder: 10 }), "Pedido não existe");
    expect(await orderRow(theirs.IDOrder)).toMatchObject({ statusId: 1 });
  });
});

describe("GET /orders", () => {
  it("walks the company's orders by LastID in ascending ids, with filters", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const consumer = (await api.post("/consumer", { Name: "Cliente pedidos" })).body[0]!.IDConsumer;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await newOrder(api, {
            IDWarehouse: warehouseId,
            IDConsumer: consumer,
            Date: `2026-02-1${i}`,
            Items: [{ IDSku: skuId, Quantity: 1 }],
          })
        ).IDOrder,
      );
    const first = await api.get(`/orders?IDConsumer=${consumer}&PageSize=2`);
    expect(first.body.map((o) => o.IDOrder)).toEqual(ids.slice(0, 2));
    const second = await api.get(`/orders?IDConsumer=${consumer}&PageSize=2&LastID=${ids[1]}`);
    expect(second.body.map((o) => o.IDOrder)).toEqual([ids[2]]);
    const dated = await api.get(`/orders?IDConsumer=${consumer}&DateFrom=2026-02-11&DateTo=2026-02-11`);
    expect(dated.body.map((o) => o.IDOrder)).toEqual([ids[1]]);
    expect(first.body[0]).toMatchObject({ StatusColorCode: "#1E88E5", IDConsumer: consumer });
    expect((await other.get(`/orders?IDConsumer=${consumer}`)).body).toEqual([]);
    expect(await api.get("/orders?PageSize=5001")).toMatchObject({ status: 400 });
  });

  it("reads LastID=0 as from the start, on /orders and /orders/package", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const consumer = (await api.post("/consumer", { Name: "Cliente cursor" })).body[0]!.IDConsumer;
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDConsumer: consumer,
      Date: "2026-02-12",
      Items: [{ IDSku: skuId, Quantity: 1 }],
    });
    const fromZero = await api.get(`/orders?IDConsumer=${consumer}&LastID=0`);
    expect(fromZero.status).toBe(200);
    expect(fromZero.body.map((o) => o.IDOrder)).toEqual([order.IDOrder]);
    expect((await api.get(`/orders?IDConsumer=${consumer}&LastID=00`)).body).toEqual(fromZero.body);
    const packages = await api.get("/orders/package?LastID=0&PageSize=1");
    expect(packages.status).toBe(200);
    expect(packages.body).toEqual((await api.get("/orders/package?PageSize=1")).body);
    for (const cursor of ["-1", "1.5", "abc", "2147483648"]) {
      const refused = await api.get(`/orders?LastID=${cursor}`);
      expect({ cursor, status: refused.status }).toEqual({ cursor, status: 400 });
    }
  });
});
