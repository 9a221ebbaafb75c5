import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOrders, orders } from "../../../drizzle/schema";
import { newChannelIntegration, pullNow } from "../../support/hub-factories";
import { newTaxProfile } from "../../support/order-factories";
import { companyOneApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku, newWarehouse } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const ordersOfIntegration = async (integrationId: number) =>
  (await api.get(`/orders/hub?IDCompanyIntegration=${integrationId}`)).body as Record<string, any>[];

describe("orders created from hub orders (orders area, createOrder)", () => {
  it("every completely mapped hub order becomes one order; unmapped ones stay not created; re-pulling creates nothing", async () => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const profile = (await newTaxProfile(api)).Code;
    const shirt = await newSku(api, { Code: `PED-${tag}-A`, Price: 59.9, TaxProfile: profile });
    const cap = await newSku(api, { Code: `PED-${tag}-B`, Price: 39.9, TaxProfile: profile });
    const warehouse = await newWarehouse(api);
    const integration = await newChannelIntegration(api, {
      IDWarehouseHub: warehouse,
      Sandbox: { Orders: 12, SkuCodes: [shirt.Code, cap.Code, `PED-${tag}-SEM`] },
    });
    const id = integration.IDCompanyIntegration;
    expect(await pullNow(api, id)).toMatchObject({ Status: "Done", Result: { pulled: 12, created: 12 } });
    const hub = await ordersOfIntegration(id);
    const mapped = hub.filter((o) => o.UnmappedSkus.length === 0);
    const unmapped = hub.filter((o) => o.UnmappedSkus.length > 0);
    expect(mapped.length).toBeGreaterThan(0);
    expect(unmapped.length).toBeGreaterThan(0);
    for (const order of mapped)
      expect(order).toMatchObject({ OrderError: null, OrderCreated: 1, IDOrder: expect.any(Number) });
    for (const order of unmapped) expect(order).toMatchObject({ OrderCreated: 0, IDOrder: null });
    const notCreated = (await api.get(`/orders/hub?IDCompanyIntegration=${id}&OrdersNotCreated=1`)).body;
    expect(notCreated.map((o: { IDIntegration: number }) => o.IDIntegration).sort()).toEqual(
      unmapped.map((o) => o.IDIntegration).sort(),
    );

    const sample = mapped[0]!;
    const order = await demoDb().select().from(orders).where(eq(orders.id, sample.IDOrder)).get();
    expect(order).toMatchObject({ companyId: 1, consumerId: sample.IDConsumer, warehouseId: warehouse });
    const byOrder = await api.get(`/orders/hub/${sample.IDOrder}`);
    const byIntegration = await api.get(`/hub/order/${sample.IDIntegration}`);
    expect(byOrder.status).toBe(200);
    expect(byOrder.body).toEqual(byIntegration.body);

    const count = async () => (await demoDb().select().from(orders).where(eq(orders.companyId, 1))).length;
    const before = await count();
    expect(await pullNow(api, id, { FromStart: 1 })).toMatchObject({
      Status: "Done",
      Result: { created: 0 },
    });
    expect(await count()).toBe(before);
  });

  it("without a hub warehouse no order is created and the reason is kept", async () => {
    const sku = await newSku(api, { Price: 10, TaxProfile: (await newTaxProfile(api)).Code });
    const integration = await newChannelIntegration(api, { Sandbox: { Orders: 2, SkuCodes: [sku.Code] } });
    await pullNow(api, integration.IDCompanyIntegration);
    const rows = await demoDb()
      .select()
      .from(hubOrders)
      .where(eq(hubOrders.companyIntegrationId, integration.IDCompanyIntegration));
    expect(rows.map((r) => [r.orderId, r.orderError])).toEqual([
      [null, "Integração sem depósito do hub (IDWarehouseHub): o pedido não é criado"],
      [null, "Integração sem depósito do hub (IDWarehouseHub): o pedido não é criado"],
    ]);
  });
});
