import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consumers, hubIntegrations, hubOrders } from "../../../drizzle/schema";
import { integrationWithOrders, newChannelIntegration, pullNow } from "../../support/hub-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Summary = Record<string, any>;
let api: Api;
let other: Api;
let setup: Awaited<ReturnType<typeof integrationWithOrders>>;
let orders: Summary[];

const hubOrderRows = (integrationId: number) =>
  demoDb().select().from(hubOrders).where(eq(hubOrders.companyIntegrationId, integrationId));

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
  setup = await integrationWithOrders(api, newSku, 24);
  const job = await pullNow(api, setup.integrationId);
  expect(job).toMatchObject({ Status: "Done" });
  orders = (await api.get(`/orders/hub?IDCompanyIntegration=${setup.integrationId}`)).body;
});

describe("pulling a channel's orders", () => {
  it("stores every sandbox order once, with consumers found or created by CPF/CNPJ and SKUs by code", async () => {
    expect(orders).toHaveLength(24);
    const unmapped = orders.filter((o) => o.UnmappedSkus.length > 0);
    expect(unmapped.length).toBeGreaterThan(0);
    for (const order of unmapped) expect(order.UnmappedSkus).toEqual([setup.unknown]);
    const jobs = await api.get(`/job?Type=HubOrderPull`);
    expect(jobs.status).toBe(200);
    const rows = await hubOrderRows(setup.integrationId);
    expect(rows).toHaveLength(24);
    for (const order of orders) {
      const consumer = await demoDb()
        .select()
        .from(consumers)
        .where(eq(consumers.id, order.IDConsumer))
        .get();
      expect(consumer).toMatchObject({
        companyId: 1,
        document: order.ConsumerCpfCnpj,
        name: order.ConsumerNameCorporateName,
        // A channel's buyer brings no IE nor fiscal address: the recipient's data stay to be informed.
        stateRegistration: null,
        street: null,
        cityCode: null,
        uf: null,
        zipCode: null,
      });
    }
    expect((await api.get(`/consumer/${orders[0]!.IDConsumer}`)).body[0]).toMatchObject({
      Document: orders[0]!.ConsumerCpfCnpj,
      StateRegistration: null,
      IndIEDest: 9,
      Street: null,
      CityCode: null,
      UF: null,
    });
    // The sandbox's buyers repeat: one consumer per document, never two.
    const documents = new Set(orders.map((o) => o.ConsumerCpfCnpj));
    for (const document of documents) {
      const found = await demoDb()
        .select()
        .from(consumers)
        .where(and(eq(consumers.companyId, 1), eq(consumers.document, document)));
      expect(found).toHaveLength(1);
    }
    const integration = await demoDb()
      .select()
      .from(hubIntegrations)
      .where(eq(hubIntegrations.companyIntegrationId, setup.integrationId))
      .get();
    expect(integration!.cursor).toBe("24");
  });

  it("answers each order's detail: items mapped to SKUs, totals, pack index, claims, status color", async () => {
    const order = orders.find((o) => o.Order === "SBX-6")!;
    const detail = await api.get(`/hub/order/${order.IDIntegration}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      IDIntegration: order.IDIntegration,
      IDCompanyIntegration: setup.integrationId,
      IDTypeCompanyIntegration: 1,
      IDSalesChannel: 1,
      SalesChannel: "Sandbox Marketplace",
      SalesChannelLogoUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      Order: "SBX-6",
      IDOrder: null,
      OrderCreated: 0,
      IDConsumer: order.IDConsumer,
      Index: 0,
      IDWarehouseHub: null,
      Coupon: "BEMVINDO10",
    });
    expect(detail.body.Claims).toHaveLength(1);
    expect(detail.body.Claims[0]).toMatchObject({ ChannelClaimId: "CL-6" });
    const items = detail.body.Items as Summary[];
    expect(items.length).toBeGreaterThan(0);
    const itemsTotal = items.reduce((sum, item) => sum + Math.round(item.Total * 100), 0);
    expect(Math.round(detail.body.ItemsValue * 100)).toBe(itemsTotal);
    expect(Math.round(detail.body.TotalValue * 100)).toBe(
      itemsTotal + Math.round(detail.body.ShippingValue * 100) - Math.round(detail.body.DiscountValue * 100),
    );
    // the channel sells two codes: one mapped to a SKU, one unknown (an item of any other code fails)
    const skuOfCode = new Map<string, number | null>([
      [setup.shirt.Code, setup.shirt.IDSku],
      [setup.unknown, null],
    ]);
    for (const item of items)
      expect(item.IDSku, item.ChannelSkuCode).toBe(skuOfCode.get(item.ChannelSkuCode));
    // Orders 14 and 15 share a pack: their Index is their position in it.
    const pack = orders.filter((o) => o.Order === "SBX-14" || o.Order === "SBX-15");
    expect(pack[0]!.PackId).toBe(pack[1]!.PackId);
    expect(pack.map((o) => o.Index).sort()).toEqual([0, 1]);
    const paid = orders.find((o) => o.ChannelStatus === "paid")!;
    expect(paid).toMatchObject({
      IDStatusOrder: 3,
      StatusOrder: "Pagamento aprovado",
      StatusColorCode: "#43A047",
    });
  });

  it("GET /orders/hub/{idorder} and GET /hub/order/{idintegration} answer identical content", async () => {
    const order = orders.find((o) => o.Order === "SBX-12")!;
    // The orders area records the order it created on the hub order; here the link is written directly.
    const orderId = 900_000 + order.IDIntegration;
    await demoDb().update(hubOrders).set({ orderId }).where(eq(hubOrders.id, order.IDIntegration));
    const byOrder = await api.get(`/orders/hub/${orderId}`);
    const byIntegration = await api.get(`/hub/order/${order.IDIntegration}`);
    expect(byOrder.status).toBe(200);
    expect(byOrder.body).toEqual(byIntegration.body);
    expect(byOrder.body).toMatchObject({ IDOrder: orderId, OrderCreated: 1 });
    const notCreated = await api.get(
      `/orders/hub?IDCompanyIntegration=${setup.integrationId}&OrdersNotCreated=1`,
    );
    expect(notCreated.body.map((o: Summary) => o.Order)).not.toContain("SBX-12");
    expect(notCreated.body).toHaveLength(23);
    await demoDb().update(hubOrders).set({ orderId: null }).where(eq(hubOrders.id, order.IDIntegration));
  });

  it("pulling again from the start stores nothing twice", async () => {
    const consumersBefore = (await demoDb().select().from(consumers).where(eq(consumers.companyId, 1)))
      .length;
    const again = await pullNow(api, setup.integrationId, { FromStart: 1 });
    expect(again).toMatchObject({
      Status: "Done",
      Result: { pulled: 24, created: 0, duplicates: 24, unmapped: 0 },
    });
    const newer = await pullNow(api, setup.integrationId);
    expect(newer).toMatchObject({
      Status: "Done",
      Result: { pulled: 0, created: 0, duplicates: 0, unmapped: 0 },
    });
    expect(await hubOrderRows(setup.integrationId)).toHaveLength(24);
    expect((await demoDb().select().from(consumers).where(eq(consumers.companyId, 1))).length).toBe(
      consumersBefore,
    );
  });

  it("another company sees none of the orders", async () => {
    const order = orders[0]!;
    const seen = await other.get(`/hub/order/${order.IDIntegration}`);
    expectRefusal(seen, "Pedido da integração não encontrado");
    expect((await other.get(`/orders/hub?IDCompanyIntegration=${setup.integrationId}`)).body).toEqual([]);
    expect((await other.post(`/hub/integration/${setup.integrationId}/pull`, {})).body).toMatchObject({
      errorMessage: "Integração de canal não existe",
    });
  });
});

describe("a pull the channel cannot serve ends Failed with its reason, nothing written", () => {
  it.each([
    [
      "not authenticated",
      { Credentials: undefined },
      "Integração não autenticada no canal: informe as credenciais da integração",
    ],
    [
      "expired credentials",
      { CredentialsExpireAt: "2021-05-01 00:00:00" },
      "Credenciais da integração expiradas: autentique a integração novamente",
    ],
    [
      "garbage answers",
      { Sandbox: { Mode: "garbage" } },
      "O canal respondeu em formato inválido; tente novamente mais tarde",
    ],
    [
      "a timeout",
      { Sandbox: { Mode: "timeout" } },
      "O canal não respondeu a tempo; tente novamente mais tarde",
    ],
  ])("%s", async (_, body, reason) => {
    const integration = await newChannelIntegration(api, body);
    const job = await pullNow(api, integration.IDCompanyIntegration);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: reason });
    expect(await hubOrderRows(integration.IDCompanyIntegration)).toEqual([]);
    const row = await demoDb()
      .select()
      .from(hubIntegrations)
      .where(eq(hubIntegrations.companyIntegrationId, integration.IDCompanyIntegration))
      .get();
    expect(row!.cursor).toBe("");
  });
});

describe("GET /orders/hub filters", () => {
  const cases: [string, (o: Summary) => string, (o: Summary, value: string) => boolean][] = [
    [
      "ConsumerNameCorporateName",
      (o) => o.ConsumerNameCorporateName.split(" ")[0],
      (o, v) => o.ConsumerNameCorporateName.includes(v),
    ],
    ["ConsumerCpfCnpj", (o) => o.ConsumerCpfCnpj, (o, v) => o.ConsumerCpfCnpj === v],
    [
      "ConsumerEmail",
      (o) => o.ConsumerEmail.toUpperCase(),
      (o, v) => o.ConsumerEmail?.toLowerCase() === v.toLowerCase(),
    ],
    ["Order", (o) => o.Order, (o, v) => o.Order === v],
    ["IDStatusOrder", (o) => String(o.IDStatusOrder), (o, v) => o.IDStatusOrder === Number(v)],
    ["IDSalesChannel", (o) => String(o.IDSalesChannel), (o, v) => o.IDSalesChannel === Number(v)],
    ["ShippingId", (o) => o.ShippingId, (o, v) => o.ShippingId === v],
    ["PackId", (o) => o.PackId, (o, v) => o.PackId === v],
    ["DateFrom", (o) => o.Date.slice(0, 10), (o, v) => o.Date.slice(0, 10) >= v],
    ["DateTo", (o) => o.Date.slice(0, 10), (o, v) => o.Date.slice(0, 10) <= v],
    [
      "IDTypeCompanyIntegration",
      (o) => String(o.IDTypeCompanyIntegration),
      (o, v) => o.IDTypeCompanyIntegration === Number(v),
    ],
    ["IDIntegration", (o) => String(o.IDIntegration), (o, v) => o.IDIntegration === Number(v)],
    ["Coupon", (o) => o.Coupon, (o, v) => o.Coupon === v],
    ["UtmCampaign", (o) => o.UtmCampaign, (o, v) => o.UtmCampaign === v],
    ["UtmMedium", (o) => o.UtmMedium, (o, v) => o.UtmMedium === v],
    ["UtmSource", (o) => o.UtmSource, (o, v) => o.UtmSource === v],
    ["UtmiCampaign", (o) => o.UtmiCampaign, (o, v) => o.UtmiCampaign === v],
    ["UtmiPage", (o) => o.UtmiPage, (o, v) => o.UtmiPage === v],
    ["UtmiPart", (o) => o.UtmiPart, (o, v) => o.UtmiPart === v],
    [
      "Search",
      (o) => o.ConsumerCpfCnpj.slice(2, 9),
      (o, v) =>
        [
          o.Order,
          o.ConsumerNameCorporateName,
          o.ConsumerCpfCnpj,
          o.ConsumerEmail,
          o.PackId,
          o.ShippingId,
        ].some((f) => f?.includes(v)),
    ],
    ["CreationTimestampFrom", (o) => o.CreationTimestamp, (o, v) => o.CreationTimestamp >= v],
    [
      "CreationTimestampTo",
      (o) => o.CreationTimestamp.slice(0, 10),
      (o, v) => o.CreationTimestamp.slice(0, 10) <= v,
    ],
  ];

  it.each(cases)("%s keeps exactly the matching orders", async (name, pickValue, matches) => {
    const sample = orders.find((o) => {
      try {
        return Boolean(pickValue(o));
      } catch {
        return false;
      }
    })!;
    const value = pickValue(sample);
    const expected = orders
      .filter((o) => matches(o, value))
      .map((o) => o.IDIntegration)
      .sort();
    const response = await api.get(
      `/orders/hub?IDCompanyIntegration=${setup.integrationId}&${name}=${encodeURIComponent(value)}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.map((o: Summary) => o.IDIntegration).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it("IDCompanyIntegration, OrdersNotCreated and OrderFrom narrow the list; the filters combine", async () => {
    expect(
      (await api.get(`/orders/hub?IDCompanyIntegration=${setup.integrationId}&OrdersNotCreated=1`)).body,
    ).toHaveLength(24);
    expect(
      (await api.get(`/orders/hub?IDCompanyIntegration=${setup.integrationId}&OrderFrom=1`)).body,
    ).toEqual([]);
    const coupon = await api.get(
      `/orders/hub?IDCompanyIntegration=${setup.integrationId}&Coupon=BEMVINDO10&IDStatusOrder=3`,
    );
    expect(coupon.body.length).toBeGreaterThan(0);
    for (const o of coupon.body) expect(o).toMatchObject({ Coupon: "BEMVINDO10", IDStatusOrder: 3 });
    const bad = await api.get("/orders/hub?DateFrom=2026-13-01");
    expect(bad.status).toBe(400);
  });
});
