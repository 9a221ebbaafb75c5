import { beforeAll, describe, expect, it } from "vitest";
import { itemRows, newOrder, orderRow, reservationRows, stockedSku } from "../../support/order-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

describe("order items: POST /orders/{idorder}/sku and PUT /orders/{idorder}/sku/{idskumovement}", () => {
  it("adds an item (array of one item), and the totals and reservations follow", async () => {
    const { skuId, warehouseId, profile } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 50,
      Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 10, ReverseTaxCalculation: 1 }],
    });
    const second = await stockedSku(api, { profile, stock: 0 });
    // the order reserves (50): the new item's SKU needs stock available in the order's warehouse
    await adjust(api, {
      IDSku: second.skuId,
      IDWarehouse: warehouseId,
      IDTypeMovement: 0,
      Quantity: 2,
      UnitCost: 1,
    });
    const added = await api.post(`/orders/${order.IDOrder}/sku`, {
      IDSku: second.skuId,
      Quantity: 2,
      UnitPrice: 5,
      ReverseTaxCalculation: 1,
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([
      expect.objectContaining({
        IDOrder: order.IDOrder,
        IDSku: second.skuId,
        Quantity: 2,
        Total: 10,
        IDNfCstIbsCbs: 1,
      }),
    ]);
    expect(added.body[0]).not.toHaveProperty("Sku");
    expect(await orderRow(order.IDOrder)).toMatchObject({ itemsTotal: 2000, total: 2000, version: 1 });
    expect((await reservationRows(order.IDOrder)).map((r) => [r.skuId, r.quantity, r.statusOrderId])).toEqual(
      [
        [skuId, 1000, 50],
        [second.skuId, 2000, 50],
      ],
    );
  });

  it("changes an item: recomputed taxes in the POST shape; with ManualTax 1 the full item with its SKU registry", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 100 }],
    });
    const id = order.Items[0]!.IDSkuMovement;
    const changed = await api.put(`/orders/${order.IDOrder}/sku/${id}`, { Quantity: 2 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual([
      expect.objectContaining({
        IDSkuMovement: id,
        Quantity: 2,
        Value: 200,
        IcmsValue: 36,
        IDNfCstIbsCbs: 1,
      }),
    ]);
    expect(changed.body[0]).not.toHaveProperty("Sku");

    const manual = await api.put(`/orders/${order.IDOrder}/sku/${id}`, {
      ManualTax: 1,
      IcmsRate: 12,
      IDNfCstIbsCbs: 2,
    });
    expect(manual.status).toBe(200);
    expect(manual.body).toEqual([
      expect.objectContaining({
        IDSkuMovement: id,
        ManualTax: 1,
        IcmsRate: 12,
        IcmsValue: 24,
        CstIcms: "00",
        IDNfCstIbsCbs: 2,
        Sku: expect.objectContaining({ IDSku: skuId, Unit: "UN" }),
      }),
    ]);
    const [row] = await itemRows(order.IDOrder);
    expect(row).toMatchObject({
      quantity: 2000,
      manualTax: 1,
      icmsRate: 1200,
      icmsValue: 2400,
      cstIbsCbsId: 2,
    });
    expect((await orderRow(order.IDOrder))!.itemsTotal).toBe(row!.total);
  });

  it("refuses bad items and items of an invoiced order, writing nothing", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDStatusOrder: 3,
      Items: [{ IDSku: skuId, Quantity: 1 }],
    });
    const id = order.Items[0]!.IDSkuMovement;
    const theirSku = (await stockedSku(other)).skuId;
    expectRefusal(
      await api.post(`/orders/${order.IDOrder}/sku`, { IDSku: theirSku, Quantity: 1 }),
      "SKU não existe",
    );
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}/sku/${id}`, { Quantity: 0 }),
      "Quantidade deve ser maior que zero",
    );
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}/sku/999999`, { Quantity: 1 }),
      "Item do pedido não existe",
    );
    expect(await orderRow(order.IDOrder)).toMatchObject({ version: 0 });
    expect((await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 6 })).status).toBe(200);
    expectRefusal(
      await api.put(`/orders/${order.IDOrder}/sku/${id}`, { Quantity: 3 }),
      "Itens de pedido faturado ou em status final não podem ser alterados",
    );
    expect(await itemRows(order.IDOrder)).toEqual([expect.objectContaining({ quantity: 1000 })]);
  });
});
