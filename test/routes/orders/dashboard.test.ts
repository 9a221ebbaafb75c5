import { beforeAll, describe, expect, it } from "vitest";
import { newOrder, stockedSku } from "../../support/order-factories";
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

describe("GET /company/dashboard/order/status", () => {
  it("counts and totals the company's orders per status in the range, every status with its color", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const item = { IDSku: skuId, Quantity: 1, UnitPrice: 100, ReverseTaxCalculation: 1 };
    await newOrder(api, { IDWarehouse: warehouseId, Date: "2025-07-10", Items: [item] });
    await newOrder(api, { IDWarehouse: warehouseId, Date: "2025-07-11", Items: [item, item] });
    await newOrder(api, { IDWarehouse: warehouseId, Date: "2025-07-12", IDStatusOrder: 23, Items: [item] });
    await newOrder(api, { IDWarehouse: warehouseId, Date: "2025-08-01", Items: [item] });
    const other2 = await stockedSku(other);
    await newOrder(other, {
      IDWarehouse: other2.warehouseId,
      Date: "2025-07-10",
      Items: [{ IDSku: other2.skuId, Quantity: 1 }],
    });

    const answer = await api.get("/company/dashboard/order/status?DateFrom=2025-07-01&DateTo=2025-07-31");
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(23);
    const byId = new Map(answer.body.map((r) => [r.IDStatusOrder, r]));
    expect(byId.get(1)).toEqual({
      IDStatusOrder: 1,
      Description: "Pedido recebido",
      StatusColorCode: "#1E88E5",
      Count: 2,
      Total: 300,
      DateFrom: "2025-07-01",
      DateTo: "2025-07-31",
    });
    expect(byId.get(23)).toMatchObject({ Count: 1, Total: 100, StatusColorCode: "#00ACC1" });
    expect(byId.get(6)).toMatchObject({ Count: 0, Total: 0 });
    expectRefusal(
      await api.get("/company/dashboard/order/status?DateFrom=2025-08-01&DateTo=2025-07-01"),
      "DateFrom não pode ser posterior a DateTo",
    );
  });
});

describe("GET /orders/package", () => {
  it("answers the caller's company's orders with carrier, tracking, volumes, weights and item quantities", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const carrier = (await api.post("/supplier", { Name: "Transportadora X", IsCarrier: 1 })).body[0]!
      .IDSupplier;
    const order = await newOrder(api, {
      IDWarehouse: warehouseId,
      IDCarrier: carrier,
      ShippingMethod: "mail",
      TrackingCode: "BR1",
      Volumes: 2,
      GrossWeight: 3.5,
      NetWeight: 3.2,
      Items: [
        { IDSku: skuId, Quantity: 2 },
        { IDSku: skuId, Quantity: 3 },
      ],
    });
    const packages = await api.get(`/orders/package?IDCarrier=${carrier}`);
    expect(packages.status).toBe(200);
    expect(packages.body).toEqual([
      {
        IDOrder: order.IDOrder,
        Date: order.Date,
        IDStatusOrder: 1,
        StatusColorCode: "#1E88E5",
        IDWarehouse: warehouseId,
        IDCarrier: carrier,
        ShippingMethod: "mail",
        TrackingCode: "BR1",
        Volumes: 2,
        GrossWeight: 3.5,
        NetWeight: 3.2,
        ItemsCount: 2,
        ItemsQuantity: 5,
        Total: order.Total,
      },
    ]);
    expect((await other.get(`/orders/package?IDCarrier=${carrier}`)).body).toEqual([]);
    expect((await api.get(`/orders/package?IDCarrier=${carrier}&LastID=${order.IDOrder}`)).body).toEqual([]);
  });
});
