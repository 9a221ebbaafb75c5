import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubIntegrations, hubOrders, mlConnections, mlNotifications } from "../../../../drizzle/schema";
import {
  ML_NOT_MERCADO_LIVRE,
  ML_OAUTH_STATE_INVALID,
  ML_REDIRECT_URI_REQUIRED,
  mlRefreshRefused,
} from "../../../../src/domain/hub/mercado-livre/messages";
import { CHANNEL_CREDENTIALS_EXPIRED, CHANNEL_INVALID_ANSWER } from "../../../../src/domain/hub/messages";
import { newChannelIntegration, pullNow } from "../../../support/hub-factories";
import { connectMlSeller, mlDouble, mlOrder, nextMlSellerId } from "../../../support/ml-double";
import { expectRefusal } from "../../../support/refusal";
import { companyOneApi, demoDb, unique } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";
import { newSku } from "../../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

const INVALID_GRANT =
  "invalid_grant: Error validating grant. Your authorization code or refresh token may be expired or it was already used";

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A seller at the double and its integration connected by credentials (app id + secret + refresh token). */
const connectedSeller = (fields: Record<string, unknown> = {}) => connectMlSeller(api, { fields });

const hubOrdersOf = (integrationId: number) =>
  demoDb().select().from(hubOrders).where(eq(hubOrders.companyIntegrationId, integrationId));

describe("connecting a Mercado Livre seller", () => {
  it("lists Mercado Livre among the channel kinds", async () => {
    const types = await api.get("/hub/integration/type");
    expect(types.status).toBe(200);
    expect(types.body).toContainEqual(
      expect.objectContaining({
        IDTypeCompanyIntegration: 3,
        Code: "mercado-livre",
        SalesChannel: "Mercado Livre",
      }),
    );
  });

  it("connects by credentials: the single-use refresh token is exchanged at once, tokens stored sealed", async () => {
    const { double, settings, integrationId } = await connectedSeller();
    const view = await api.get(`/hub/integration/${integrationId}`);
    expect(view.body[0]).toMatchObject({
      AuthenticationStatus: "Authenticated",
      HasCredentials: 1,
      Sandbox: null,
    });
    const state = await double.state();
    expect(state.refreshes).toBe(1);
    expect(state.refreshToken).not.toBe(settings.refreshToken);
    const row = await demoDb()
      .select()
      .from(mlConnections)
      .where(eq(mlConnections.companyIntegrationId, integrationId))
      .get();
    expect(row).toMatchObject({
      sellerId: settings.sellerId.toString(),
      clientId: settings.clientId,
      version: 0,
    });
    expect(row!.tokens).toMatch(/^v1\./);
    expect(row!.tokens).not.toContain(state.refreshToken);
    const [token] = (await double.requests()).filter((r) => r.path === "/oauth/token");
    expect(token!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("a refused refresh token at connection is a 400 with Mercado Livre's reason, nothing stored", async () => {
    const sellerId = nextMlSellerId();
    const double = await mlDouble(`seller-${sellerId}`, {
      clientId: "42",
      clientSecret: "segredo",
      sellerId,
      refreshToken: "TG-certo",
    });
    const before = await demoDb().select().from(mlConnections);
    const response = await api.post("/hub/integration", {
      Description: unique("Mercado Livre"),
      IDTypeCompanyIntegration: 3,
      BaseUrl: double.baseUrl,
      Credentials: { ClientId: "42", ClientSecret: "segredo", RefreshToken: "TG-usado" },
    });
    expectRefusal(response, mlRefreshRefused(INVALID_GRANT));
    expect(await demoDb().select().from(mlConnections)).toHaveLength(before.length);
  });

  it("refuses RefreshToken and BaseUrl on other channel kinds", async () => {
    const response = await api.post("/hub/integration", {
      Description: unique("Canal"),
      IDTypeCompanyIntegration: 1,
      BaseUrl: "http://127.0.0.1:9/x",
    });
    expect(response.status).toBe(400);
  });

  it("N parallel calls with an expired access token refresh it exactly once", async () => {
    const { double, integrationId } = await connectedSeller();
    await double.expireAccessTokens();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.post(`/hub/integration/${integrationId}/mercado-livre/check`, {})),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answers[0]!.body).toMatchObject({ Nickname: expect.stringMatching(/^VENDEDOR/) });
    expect((await double.state()).refreshes).toBe(2); // the connection's, then one for the six calls
  });

  it("a refused refresh turns the integration Expired with the reason", async () => {
    const { name, double, settings, integrationId } = await connectedSeller();
    // the seller revoked the app: every token is gone at Mercado Livre
    await mlDouble(name, { ...settings, refreshToken: "TG-outro" });
    const answer = await api.post(`/hub/integration/${integrationId}/mercado-livre/check`, {});
    expect(answer.status).toBe(400);
    const view = await api.get(`/hub/integration/${integrationId}`);
    expect(view.body[0]).toMatchObject({
      AuthenticationStatus: "Expired",
      AuthenticationReason: mlRefreshRefused(INVALID_GRANT),
    });
    const job = await pullNow(api, integrationId);
    expect(job).toMatchObject({ Status: "Failed", FailureReason: CHANNEL_CREDENTIALS_EXPIRED });
    expect((await double.requests()).filter((r) => r.path === "/orders/search")).toHaveLength(0);
  });

  it("connects by OAuth: authorization URL with a single-use state, callback exchanges the code", async () => {
    const sellerId = nextMlSellerId();
    const clientId = String(8_000_000 + sellerId);
    const double = await mlDouble(`seller-${sellerId}`, {
      clientId,
      clientSecret: "segredo-oauth",
      sellerId,
      refreshToken: "TG-nao-usado",
      code: "TG-codigo",
      redirectUri: "https://app.exemplo.com.br/retorno",
    });
    const created = await api.post("/hub/integration", {
      Description: unique("Mercado Livre"),
      IDTypeCompanyIntegration: 3,
      BaseUrl: double.baseUrl,
      Credentials: { ClientId: clientId, ClientSecret: "segredo-oauth" },
    });
    expect(created.status).toBe(200);
    expect(created.body[0]!.AuthenticationStatus).toBe("NotAuthenticated");
    const id = created.body[0]!.IDCompanyIntegration;
    expectRefusal(
      await api.get(`/hub/integration/${id}/mercado-livre/authorization`),
      ML_REDIRECT_URI_REQUIRED,
    );
    const sandbox = await newChannelIntegration(api);
    expectRefusal(
      await api.get(
        `/hub/integration/${sandbox.IDCompanyIntegration}/mercado-livre/authorization?RedirectUri=https://a.example.com/r`,
      ),
      ML_NOT_MERCADO_LIVRE,
    );
    const auth = await api.get(
      `/hub/integration/${id}/mercado-livre/authorization?RedirectUri=${encodeURIComponent("https://app.exemplo.com.br/retorno")}`,
    );
    expect(auth.status).toBe(200);
    const url = new URL(auth.body.Url);
    expect(url.origin + url.pathname).toBe("https://auth.mercadolivre.com.br/authorization");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: clientId,
      redirect_uri: "https://app.exemplo.com.br/retorno",
      state: auth.body.State,
    });
    const wrong = await api.get(`/hub/mercado-livre/oauth/callback?code=TG-codigo&state=outro`);
    expectRefusal(wrong, ML_OAUTH_STATE_INVALID);
    const callback = await api.get(
      `/hub/mercado-livre/oauth/callback?code=TG-codigo&state=${auth.body.State}`,
    );
    expect(callback.status, JSON.stringify(callback.body)).toBe(200);
    expect(callback.body).toEqual({ IDCompanyIntegration: id, AuthenticationStatus: "Authenticated" });
    const again = await api.get(`/hub/mercado-livre/oauth/callback?code=TG-codigo&state=${auth.body.State}`);
    expectRefusal(again, ML_OAUTH_STATE_INVALID);
    const view = await api.get(`/hub/integration/${id}`);
    expect(view.body[0]!.AuthenticationStatus).toBe("Authenticated");
  });
});

describe("pulling a Mercado Livre seller's orders", () => {
  let seller: Awaited<ReturnType<typeof connectedSeller>>;
  let skuCode: string;
  const ids: number[] = [];

  beforeAll(async () => {
    const sku = await newSku(api, { Price: 100 });
    skuCode = sku.Code;
    seller = await connectedSeller();
    const orders = Array.from({ length: 60 }, (_, i) =>
      mlOrder(seller.sellerId, {
        items: [{ sku: i === 5 ? null : skuCode, listing: i === 5 ? "MLB999" : undefined, price: 100 }],
        shipmentId: i === 0 ? 4_100_000_001 : null,
        packId: i === 1 || i === 2 ? 2_000_009_999_001 : null,
        createdAt: `2026-01-0${1 + Math.floor(i / 20)}T10:${String(i % 60).padStart(2, "0")}:00.000-03:00`,
      }),
    );
    for (const order of orders) ids.push(order.id);
    await seller.double.orders(orders);
    await seller.double.shipments([
      {
        id: 4_100_000_001,
        status: "shipped",
        tracking_number: "BR123",
        logistic: { mode: "me2", type: "drop_off" },
      },
    ]);
    await seller.double.packs([
      { id: 2_000_009_999_001, status: "released", orders: [{ id: ids[1] }, { id: ids[2] }] },
    ]);
    await seller.double.billing({
      [String(ids[0])]: {
        site_id: "MLB",
        buyer: {
          cust_id: 1,
          billing_info: {
            name: "Maria",
            last_name: "Souza",
            identification: { type: "CPF", number: "529.982.247-25" },
          },
        },
      },
    });
  });

  it("pages /orders/search (offset/limit 50) and stores each order once, with shipment, pack and buyer", async () => {
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(job.Result).toMatchObject({ pulled: 60, created: 60, unmapped: 1 });
    const rows = await hubOrdersOf(seller.integrationId);
    expect(rows).toHaveLength(60);
    const searches = (await seller.double.requests()).filter((r) => r.path === "/orders/search");
    expect(searches[0]!.query).toMatchObject({
      seller: String(seller.sellerId),
      sort: "date_asc",
      offset: "0",
      limit: "50",
    });
    expect(searches.map((s) => s.query.offset)).toContain("50");
    const first = rows.find((r) => r.channelOrderId === String(ids[0]))!;
    expect(first).toMatchObject({
      shippingId: "4100000001",
      channelStatus: "shipped",
      consumerDocument: "52998224725",
      consumerName: "Maria Souza",
    });
    expect(JSON.parse(first.channelData).shipment).toEqual({
      status: "shipped",
      trackingNumber: "BR123",
      logisticType: "drop_off",
      mode: "me2",
    });
    const shipmentCall = (await seller.double.requests()).find((r) => r.path === "/shipments/4100000001")!;
    expect(shipmentCall.headers["x-format-new"]).toBe("true");
    const packed = rows.filter((r) => r.packId === "2000009999001");
    expect(packed.map((r) => r.packIndex).sort()).toEqual([0, 1]);
    const unmapped = rows.find((r) => r.channelOrderId === String(ids[5]))!;
    expect(JSON.parse(unmapped.unmappedSkus)).toEqual(["MLB999"]);
    // a second pull finds nothing new and stores nothing twice
    const again = await pullNow(api, seller.integrationId);
    expect(again.Status).toBe("Done");
    expect(await hubOrdersOf(seller.integrationId)).toHaveLength(60);
  });

  it("an order cancelled at the channel after import is updated, not duplicated", async () => {
    expect((await pullNow(api, seller.integrationId)).Status).toBe("Done");
    const order = mlOrder(seller.sellerId, {
      id: ids[10],
      status: "cancelled",
      items: [{ sku: skuCode, price: 100 }],
      createdAt: "2026-01-01T10:10:00.000-03:00",
    });
    await seller.double.orders([order]);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(job.Result).toMatchObject({ updated: 1 });
    const rows = await hubOrdersOf(seller.integrationId);
    expect(rows).toHaveLength(60);
    expect(rows.find((r) => r.channelOrderId === String(ids[10]))).toMatchObject({
      channelStatus: "cancelled",
      statusOrderId: 10,
    });
  });

  it("notifications: answered 200 at once, the notified order fetched by the queued pull; unknown sellers ignored", async () => {
    const order = mlOrder(seller.sellerId, {
      items: [{ sku: skuCode, price: 50 }],
      createdAt: "2026-01-05T10:00:00.000-03:00",
    });
    await seller.double.orders([order]);
    const notification = await seller.double.notification({
      topic: "orders_v2",
      resource: `/orders/${order.id}`,
    });
    const started = Date.now();
    const answer = await api.post("/hub/mercado-livre/notifications", notification);
    expect(Date.now() - started).toBeLessThan(500);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ Result: "queued" });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await hubOrdersOf(seller.integrationId);
      if (rows.some((r) => r.channelOrderId === String(order.id))) break;
      if (Date.now() > deadline) throw new Error("notified order never fetched");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await seller.double.requests()).some((r) => r.path === `/orders/${order.id}`)).toBe(true);
    const inbox = await demoDb()
      .select()
      .from(mlNotifications)
      .where(eq(mlNotifications.companyIntegrationId, seller.integrationId));
    expect(inbox).toEqual([expect.objectContaining({ resource: `/orders/${order.id}`, topic: "orders_v2" })]);
    const unknown = await api.post("/hub/mercado-livre/notifications", { ...notification, user_id: 1 });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ Result: "ignored" });
    const otherApp = await api.post("/hub/mercado-livre/notifications", {
      ...notification,
      application_id: 99,
    });
    expect(otherApp.body).toEqual({ Result: "ignored" });
    const bad = await api.post("/hub/mercado-livre/notifications", { resource: "/orders/1" });
    expect(bad.status).toBe(400);
    // ids up to 2^53 - 1 (the largest a JSON number carries exactly), as numbers or as digits; extra fields ignored
    const largest = await api.post("/hub/mercado-livre/notifications", {
      ...notification,
      application_id: Number.MAX_SAFE_INTEGER,
      extra: { anything: true },
    });
    expect(largest.status).toBe(200);
    expect(largest.body).toEqual({ Result: "ignored" });
    const asText = await api.post("/hub/mercado-livre/notifications", {
      ...notification,
      user_id: "90071992547409930",
    });
    expect(asText.body).toEqual({ Result: "ignored" });
    const tooLarge = await api.post("/hub/mercado-livre/notifications", {
      ...notification,
      user_id: Number.MAX_SAFE_INTEGER + 2,
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({
      errorMessage: `user_id excede o maior inteiro exato (${Number.MAX_SAFE_INTEGER}): envie-o como texto`,
    });
    const notAnId = await api.post("/hub/mercado-livre/notifications", {
      ...notification,
      application_id: 1.5,
    });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body).toMatchObject({
      errorMessage: "application_id deve ser um número inteiro ou seus dígitos como texto",
    });
  });
});

describe("Mercado Livre faults", () => {
  it("429 with Retry-After and 500 are retried; a 401 refreshes once and retries", async () => {
    const seller = await connectedSeller();
    await seller.double.orders([mlOrder(seller.sellerId, { items: [{ sku: "X-1" }] })]);
    await seller.double.faults([{ mode: "429", retryAfter: "1" }, { mode: "500" }, { mode: "401" }]);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(job.Result).toMatchObject({ pulled: 1 });
    expect((await seller.double.state()).refreshes).toBe(2);
  });

  it("garbage answers fail the pull with the channel's message; another seller's pull is not stopped", async () => {
    const broken = await connectedSeller();
    const healthy = await connectedSeller();
    await broken.double.orders([mlOrder(broken.sellerId)]);
    await healthy.double.orders([mlOrder(healthy.sellerId)]);
    await broken.double.faults([{ mode: "garbage" }]);
    const [failed, done] = await Promise.all([
      pullNow(api, broken.integrationId),
      pullNow(api, healthy.integrationId),
    ]);
    expect(failed).toMatchObject({ Status: "Failed", FailureReason: CHANNEL_INVALID_ANSWER });
    expect(done.Status).toBe("Done");
    expect(await hubOrdersOf(broken.integrationId)).toHaveLength(0);
    expect(await hubOrdersOf(healthy.integrationId)).toHaveLength(1);
    const integration = await demoDb()
      .select()
      .from(hubIntegrations)
      .where(eq(hubIntegrations.companyIntegrationId, broken.integrationId))
      .get();
    expect(integration!.cursor).toBe("");
  });
});
