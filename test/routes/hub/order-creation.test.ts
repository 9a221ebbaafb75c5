import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOrders, orders } from "../../../drizzle/schema";
import { newChannelIntegration, pullNow } from "../../support/hub-factories";
import { invariantViolations } from "../../support/invariants";
import { newTaxProfile, reservationRows } from "../../support/order-factories";
import { companyOneApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { adjust, newSku, newWarehouse } from "../../support/stock-factories";

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

  it("an order open at the channel reserves its items (status 23); one that cannot is created in 1 with the reason, never lost", async () => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const profile = (await newTaxProfile(api)).Code;
    const stocked = await newSku(api, { Code: `RES-${tag}-A`, Price: 20, TaxProfile: profile });
    const empty = await newSku(api, { Code: `RES-${tag}-B`, Price: 30, TaxProfile: profile });
    const warehouse = await newWarehouse(api);
    const stockIn = { IDWarehouse: warehouse, IDTypeMovement: 0 as const, Quantity: 1000, UnitCost: 5 };
    expect((await adjust(api, { IDSku: stocked.IDSku, ...stockIn })).status).toBe(200);
    const integration = await newChannelIntegration(api, {
      IDWarehouseHub: warehouse,
      Sandbox: { Orders: 14, SkuCodes: [stocked.Code, empty.Code] },
    });
    const id = integration.IDCompanyIntegration;
    expect(await pullNow(api, id)).toMatchObject({ Status: "Done", Result: { pulled: 14, created: 14 } });

    const hub = await ordersOfIntegration(id);
    expect(hub).toHaveLength(14);
    let reservedUnits = 0;
    const seen = { reserved: 0, refused: 0, closed: 0 };
    for (const summary of hub) {
      expect(summary).toMatchObject({ OrderCreated: 1, OrderError: null, IDOrder: expect.any(Number) });
      const detail = (await api.get(`/hub/order/${summary.IDIntegration}`)).body;
      const quantityOf = (skuId: number) =>
        detail.Items.filter((i) => i.IDSku === skuId).reduce((sum, i) => sum + i.Quantity, 0);
      const order = await demoDb().select().from(orders).where(eq(orders.id, summary.IDOrder)).get();
      const open = summary.ChannelStatus === "paid" || summary.ChannelStatus === "pending_payment";
      if (!open) {
        seen.closed++;
        expect([order!.statusId, summary.ReservationError]).toEqual([1, null]);
      } else if (quantityOf(empty.IDSku) === 0) {
        seen.reserved++;
        reservedUnits += quantityOf(stocked.IDSku);
        expect([order!.statusId, summary.ReservationError]).toEqual([23, null]);
        expect(await reservationRows(summary.IDOrder)).toEqual([
          expect.objectContaining({ skuId: stocked.IDSku, quantity: quantityOf(stocked.IDSku) * 1000 }),
        ]);
      } else {
        seen.refused++;
        expect([order!.statusId, summary.ReservationError]).toEqual([
          1,
          `Estoque insuficiente para reservar o SKU ${empty.IDSku} no depósito ${warehouse}: disponível 0, solicitado ${quantityOf(empty.IDSku)}`,
        ]);
        expect(await reservationRows(summary.IDOrder)).toEqual([]);
      }
    }
    expect(seen.reserved).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.closed).toBeGreaterThan(0);
    const balances = (await api.get(`/sku/${stocked.IDSku}/warehouse`)).body;
    expect(balances.find((w: { IDWarehouse: number }) => w.IDWarehouse === warehouse)).toMatchObject({
      QtyOnStock: 1000,
      QtyReserved: reservedUnits,
    });
    expect(await invariantViolations(env.DB_DEMO)).toEqual([]);
  });
});
