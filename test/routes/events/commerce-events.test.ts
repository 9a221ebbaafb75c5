import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, mailMessages } from "../../../drizzle/schema";
import { stockedSku } from "../../support/order-factories";
import { newPurchase, purchaseWorld } from "../../support/purchase-factories";
import { companyOneApi, demoDb, unique } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

const eventsOf = async (type: string, key: string, id: number) =>
  (
    await demoDb()
      .select()
      .from(events)
      .where(and(eq(events.companyId, 1), eq(events.type, type)))
  )
    .map((row) => JSON.parse(row.payload))
    .filter((payload) => payload[key] === id);

const mailTo = (address: string) =>
  demoDb().select().from(mailMessages).where(eq(mailMessages.toAddress, address));

describe("order status changes: outbox events and tracking messages in the order's batch", () => {
  it("writes order.status_changed, tracking.status_changed and the new status's messages; Resend fires one again", async () => {
    const email = `${unique("cliente").replace(/\W/g, "")}@example.com`;
    const consumer = (await api.post("/consumer", { Name: "Maria Compradora", Email: email })).body[0]!;
    expect(consumer.Email).toBe(email);
    for (const body of [
      {
        IDTrackingStatus: 2,
        TypeMessage: 1,
        Subject: "Pedido {{Order.Number}}: {{Tracking.Status}}",
        Body: "Olá {{Order.CustomerName}}, pedido {{Order.Number}} agora {{Tracking.Status}} (antes {{Tracking.PreviousStatus}}).",
      },
      { IDTrackingStatus: 2, TypeMessage: 2, Body: "pedido {{Order.Number}} em {{Tracking.Status}}" },
    ])
      expect((await api.post("/tracking-message", body)).status).toBe(200);
    const { skuId, warehouseId } = await stockedSku(api);
    const order = (
      await api.post("/orders", {
        IDWarehouse: warehouseId,
        IDConsumer: consumer.IDConsumer,
        Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 10 }],
      })
    ).body;
    expect(await eventsOf("order.status_changed", "IDOrder", order.IDOrder)).toEqual([]);

    const moved = await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 2 });
    expect(moved.status).toBe(200);
    expect(await eventsOf("order.status_changed", "IDOrder", order.IDOrder)).toEqual([
      {
        IDOrder: order.IDOrder,
        IDStatusOrderFrom: 1,
        IDStatusOrder: 2,
        ChangedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    expect(await eventsOf("tracking.status_changed", "IDOrder", order.IDOrder)).toEqual([
      expect.objectContaining({ IDOrder: order.IDOrder, IDTrackingStatusFrom: 1, IDTrackingStatus: 2 }),
    ]);
    const webhookMessages = await eventsOf("tracking.message", "IDOrder", order.IDOrder);
    expect(webhookMessages).toHaveLength(1);
    expect(webhookMessages[0]?.Message).toMatch(new RegExp(`^pedido ${order.IDOrder} em \\S`));
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(new RegExp(`^Pedido ${order.IDOrder}: `));
    expect(mails[0]?.body).toMatch(
      new RegExp(`^Olá Maria Compradora, pedido ${order.IDOrder} agora .+ \\(antes .+\\)\\.$`),
    );

    // Resend: the current status's e-mail again, no status event
    expect((await api.put(`/orders/${order.IDOrder}`, { Resend: 1, TypeMessage: "email" })).status).toBe(200);
    expect(await mailTo(email)).toHaveLength(2);
    expect(await eventsOf("order.status_changed", "IDOrder", order.IDOrder)).toHaveLength(1);
    expect((await api.put(`/orders/${order.IDOrder}`, { Resend: 1, TypeMessage: "webhook" })).status).toBe(
      200,
    );
    expect(await eventsOf("tracking.message", "IDOrder", order.IDOrder)).toHaveLength(2);
    expect(await mailTo(email)).toHaveLength(2);
  });

  it("writes nothing when the status change is refused", async () => {
    const { skuId, warehouseId } = await stockedSku(api);
    const order = (
      await api.post("/orders", {
        IDWarehouse: warehouseId,
        Items: [{ IDSku: skuId, Quantity: 1, UnitPrice: 10 }],
      })
    ).body;
    expect((await api.put(`/orders/${order.IDOrder}`, { IDStatusOrder: 9 })).status).toBe(400);
    expect(await eventsOf("order.status_changed", "IDOrder", order.IDOrder)).toEqual([]);
    expect(await eventsOf("tracking.status_changed", "IDOrder", order.IDOrder)).toEqual([]);
  });
});

describe("purchase received", () => {
  it("writes purchase.received in the check's batch, once", async () => {
    const world = await purchaseWorld(api, { skuCount: 1 });
    const purchase = await newPurchase(api, world);
    const item = purchase.Items[0]!.IDStockKeepingUnitPurchase;
    const checked = await api.post(`/purchase/${purchase.IDPurchase}/check`, {
      Items: [{ IDStockKeepingUnitPurchase: item, Quantity: 10 }],
    });
    expect(checked.status).toBe(200);
    expect(
      (
        await api.post(`/purchase/${purchase.IDPurchase}/check`, {
          Items: [{ IDStockKeepingUnitPurchase: item, Quantity: 10 }],
        })
      ).status,
    ).toBe(400);
    expect(await eventsOf("purchase.received", "IDPurchase", purchase.IDPurchase)).toEqual([
      {
        IDPurchase: purchase.IDPurchase,
        IDSupplier: world.supplierId,
        ReceivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
      },
    ]);
  });
});
