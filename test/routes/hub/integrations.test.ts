import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { companyIntegrations, hubIntegrations } from "../../../drizzle/schema";
import { newChannelIntegration, sandboxCredentials } from "../../support/hub-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newWarehouse } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
});

const integrationCount = async () => (await demoDb().select().from(companyIntegrations)).length;

describe("channel kinds", () => {
  it("lists the sandbox marketplace and web store with their sales channel and logo", async () => {
    const response = await api.get("/hub/integration/type");
    expect(response.status).toBe(200);
    expect(
      response.body.map((k: { IDTypeCompanyIntegration: number; Code: string }) => [
        k.IDTypeCompanyIntegration,
        k.Code,
      ]),
    ).toEqual([
      [1, "sandbox-marketplace"],
      [2, "sandbox-webstore"],
      [3, "mercado-livre"],
    ]);
    expect(response.body[0]!.SalesChannelLogoUrl).toMatch(/^data:image\/svg\+xml,/);
  });
});

describe("channel integrations", () => {
  it("creates an authenticated integration in the company's integration registry, credentials encrypted and never answered", async () => {
    const warehouse = await newWarehouse(api);
    const credentials = sandboxCredentials("segredo-muito-secreto-42");
    const response = await api.post("/hub/integration", {
      Description: "Marketplace sandbox",
      IDTypeCompanyIntegration: 1,
      Credentials: credentials,
      IDWarehouseHub: warehouse,
      Sandbox: { Orders: 7 },
    });
    expect(response.status).toBe(200);
    const [item] = response.body;
    expect(item).toEqual({
      IDCompanyIntegration: expect.any(Number),
      Description: "Marketplace sandbox",
      Kind: "HUB",
      IDTypeCompanyIntegration: 1,
      TypeCompanyIntegration: expect.stringContaining("Marketplace sandbox"),
      IDSalesChannel: 1,
      SalesChannelLogoUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      AuthenticationStatus: "Authenticated",
      AuthenticationReason: null,
      HasCredentials: 1,
      CredentialsExpireAt: null,
      IDWarehouseHub: String(warehouse),
      IDTypePayment: null,
      Sandbox: {
        Mode: "normal",
        Orders: 7,
        SkuCodes: ["SBX-CAMISETA-P", "SBX-CAMISETA-M", "SBX-BONE", "SBX-CANECA"],
      },
      Cursor: "",
      SettlementCursor: "",
      LastPullAt: null,
      Status: 1,
      StockBuffer: 0,
    });
    expect(JSON.stringify(response.body)).not.toContain("segredo-muito-secreto-42");
    const id = item!.IDCompanyIntegration;
    const registry = await api.get(`/company/integration/${id}`);
    expect(registry.body).toEqual([
      { IDCompanyIntegration: id, Description: "Marketplace sandbox", Kind: "HUB", Status: 1 },
    ]);
    const row = await demoDb()
      .select()
      .from(hubIntegrations)
      .where(eq(hubIntegrations.companyIntegrationId, id))
      .get();
    expect(row).toMatchObject({ companyId: 1, typeCompanyIntegrationId: 1, authState: "Authenticated" });
    expect(row!.credentials).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(row!.credentials).not.toContain("segredo");
    expect(atob(row!.credentials!.split(".")[2]!.replace(/-/g, "+").replace(/_/g, "/"))).not.toContain(
      "segredo",
    );
  });

  it("an integration without credentials is NotAuthenticated; sending them later authenticates it", async () => {
    const created = await newChannelIntegration(api, { Credentials: undefined });
    expect(created.AuthenticationStatus).toBe("NotAuthenticated");
    const updated = await api.put(`/hub/integration/${created.IDCompanyIntegration}`, {
      Credentials: sandboxCredentials(),
    });
    expect(updated.status).toBe(200);
    expect(updated.body[0]).toMatchObject({ AuthenticationStatus: "Authenticated", HasCredentials: 1 });
  });

  it("IDTypePayment is set, changed and cleared by PUT", async () => {
    const created = await newChannelIntegration(api);
    const paymentType = (await api.post("/type/order/payment", { Description: "Repasse do canal" })).body[0]!
      .IDTypePayment;
    const path = `/hub/integration/${created.IDCompanyIntegration}` as const;
    expect((await api.put(path, { IDTypePayment: paymentType })).body[0]).toMatchObject({
      IDTypePayment: paymentType,
    });
    expect((await api.get(path)).body[0]!.IDTypePayment).toBe(paymentType);
    expect((await api.put(path, { IDTypePayment: null })).body[0]!.IDTypePayment).toBeNull();
  });

  it("credentials whose stated validity has passed make the integration Expired", async () => {
    const created = await newChannelIntegration(api, { CredentialsExpireAt: "2020-01-31 23:59:59" });
    expect(created.AuthenticationStatus).toBe("Expired");
    const renewed = await api.put(`/hub/integration/${created.IDCompanyIntegration}`, {
      CredentialsExpireAt: "2099-01-31 23:59:59",
    });
    expect(renewed.body[0]).toMatchObject({
      AuthenticationStatus: "Authenticated",
      CredentialsExpireAt: "2099-01-31 23:59:59",
    });
  });

  it("refuses an unknown channel kind and credentials the channel refuses, writing nothing", async () => {
    const before = await integrationCount();
    const unknown = await api.post("/hub/integration", { Description: "X", IDTypeCompanyIntegration: 99 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errorMessage: "Tipo de integração de canal não existe: 99 (tipos: GET /hub/integration/type)",
    });
    const refused = await api.post("/hub/integration", {
      Description: "X",
      IDTypeCompanyIntegration: 1,
      Credentials: { ClientId: "loja", ClientSecret: "curto" },
    });
    expectRefusal(refused, "Credenciais recusadas pelo canal");
    const badWarehouse = await api.post("/hub/integration", {
      Description: "X",
      IDTypeCompanyIntegration: 1,
      IDWarehouseHub: 999_999,
    });
    expect(badWarehouse.body).toMatchObject({ errorMessage: "Depósito do hub não existe" });
    const foreignPaymentType = (await other.post("/type/order/payment", { Description: "Repasse" })).body[0]!
      .IDTypePayment;
    for (const paymentType of [999_999, foreignPaymentType]) {
      const badPaymentType = await api.post("/hub/integration", {
        Description: "X",
        IDTypeCompanyIntegration: 1,
        IDTypePayment: paymentType,
      });
      expectRefusal(badPaymentType, "Tipo pagamento não existe");
    }
    expect(await integrationCount()).toBe(before);
  });

  it("another company's integration does not exist", async () => {
    const created = await newChannelIntegration(api);
    const seen = await other.get(`/hub/integration/${created.IDCompanyIntegration}`);
    expectRefusal(seen, "Integração de canal não existe");
    const changed = await other.put(`/hub/integration/${created.IDCompanyIntegration}`, {
      Description: "Minha",
    });
    expect(changed.body).toMatchObject({ errorMessage: "Integração de canal não existe" });
    const list = await other.get("/hub/integration");
    expect(list.body.map((i: { IDCompanyIntegration: number }) => i.IDCompanyIntegration)).not.toContain(
      created.IDCompanyIntegration,
    );
  });
});

describe("credentials in logs", () => {
  let lines: string[];
  const spies: ReturnType<typeof vi.spyOn>[] = [];
  beforeEach(() => {
    lines = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      spies.push(
        vi
          .spyOn(console, method)
          .mockImplementation((...args: unknown[]) => lines.push(args.map(String).join(" "))),
      );
    }
  });
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  it("creating, re-authenticating and a refused authentication never log the credentials", async () => {
    const secret = "segredo-que-nao-aparece-77";
    const created = await newChannelIntegration(api, {
      Credentials: { ClientId: "loja-log-1", ClientSecret: secret },
    });
    await api.put(`/hub/integration/${created.IDCompanyIntegration}`, {
      Credentials: { ClientId: "loja-log-2", ClientSecret: `${secret}-2` },
    });
    await api.post("/hub/integration", {
      Description: "X",
      IDTypeCompanyIntegration: 1,
      Credentials: { ClientId: "loja-log-3", ClientSecret: "curt" },
    });
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).not.toContain('curt"');
    }
  });
});
