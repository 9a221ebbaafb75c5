import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { hubProductVariations } from "../../../drizzle/schema";
import { fetchWorker, signIn } from "../../support/api";
import { newChannelIntegration, pullNow } from "../../support/hub-factories";
import { expectRefusal } from "../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let other: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  other = await companyTwoApi();
  token = await signIn("demo", "admin@demo.local");
});

async function productWithVariations() {
  const integration = await newChannelIntegration(api);
  const good = await newSku(api, { Price: 49.9 });
  const free = await newSku(api, { Price: 0 });
  const odd = await newSku(api, { Price: 10 });
  const created = await api.post("/hub/product", {
    IDCompanyIntegration: integration.IDCompanyIntegration,
    Title: "Camiseta básica",
    Variations: [
      { IDSku: good.IDSku, ChannelSkuCode: "CAMISETA-P" },
      { IDSku: free.IDSku, ChannelSkuCode: "CAMISETA-M" },
      { IDSku: odd.IDSku, ChannelSkuCode: "CAMISETA G" },
    ],
  });
  expect(created.status).toBe(200);
  return { integration: integration.IDCompanyIntegration, product: created.body[0], good, free, odd };
}

describe("PUT /hub/product/{idhubproduct}", () => {
  it("SyncVariations=1: one result per variation; a refused variation never stops the others", async () => {
    const { product, good, free, odd } = await productWithVariations();
    const response = await api.put(`/hub/product/${product!.IDHubProduct}`, { SyncVariations: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      IDHubProduct: product!.IDHubProduct,
      TotalUpdates: 2,
      Results: [
        { Type: "product", IDSku: null, ChannelSkuCode: null, Success: 1, Message: null },
        { Type: "variation", IDSku: good.IDSku, ChannelSkuCode: "CAMISETA-P", Success: 1, Message: null },
        {
          Type: "variation",
          IDSku: free.IDSku,
          ChannelSkuCode: "CAMISETA-M",
          Success: 0,
          Message: "Preço deve ser maior que zero",
        },
        {
          Type: "variation",
          IDSku: odd.IDSku,
          ChannelSkuCode: "CAMISETA G",
          Success: 0,
          Message: "Código de SKU inválido no canal",
        },
      ],
    });
    const rows = await demoDb()
      .select()
      .from(hubProductVariations)
      .where(eq(hubProductVariations.hubProductId, product!.IDHubProduct));
    expect(rows.map((r) => [r.skuId, r.lastSyncAt !== null])).toEqual([
      [good.IDSku, true],
      [free.IDSku, false],
      [odd.IDSku, false],
    ]);
  });

  it("without SyncVariations only the product is sent; a title the channel refuses is not kept", async () => {
    const { product } = await productWithVariations();
    const only = await api.put(`/hub/product/${product!.IDHubProduct}`, { Title: "Camiseta básica branca" });
    expect(only.body).toEqual({
      IDHubProduct: product!.IDHubProduct,
      TotalUpdates: 1,
      Results: [{ Type: "product", IDSku: null, ChannelSkuCode: null, Success: 1, Message: null }],
    });
    const long = "Camiseta ".repeat(8);
    const refused = await api.put(`/hub/product/${product!.IDHubProduct}`, {
      Title: long,
      SyncVariations: 1,
    });
    expect(refused.body.TotalUpdates).toBe(1);
    expect(refused.body.Results[0]).toEqual({
      Type: "product",
      IDSku: null,
      ChannelSkuCode: null,
      Success: 0,
      Message: "Título com mais de 60 caracteres",
    });
    expect((await api.get(`/hub/product/${product!.IDHubProduct}`)).body[0]!.Title).toBe(
      "Camiseta básica branca",
    );
  });

  it("a channel not authenticated, answering garbage or timing out is a 400; unknown products and SKUs too", async () => {
    const { integration, product } = await productWithVariations();
    for (const [change, message] of [
      [
        { CredentialsExpireAt: "2020-01-01 00:00:00" },
        "Credenciais da integração expiradas: autentique a integração novamente",
      ],
      [
        { CredentialsExpireAt: null, Sandbox: { Mode: "garbage" } },
        "O canal respondeu em formato inválido; tente novamente mais tarde",
      ],
      [{ Sandbox: { Mode: "timeout" } }, "O canal não respondeu a tempo; tente novamente mais tarde"],
    ] as const) {
      await api.put(`/hub/integration/${integration}`, change);
      const response = await api.put(`/hub/product/${product!.IDHubProduct}`, { SyncVariations: 1 });
      expectRefusal(response, message);
    }
    expect(
      (await other.put(`/hub/product/${product!.IDHubProduct}`, { SyncVariations: 1 })).body,
    ).toMatchObject({
      errorMessage: "Produto do hub não existe",
    });
    const missingSku = await api.post("/hub/product", {
      IDCompanyIntegration: integration,
      Title: "X",
      Variations: [{ IDSku: 99_999_999, ChannelSkuCode: "X" }],
    });
    expect(missingSku.body).toMatchObject({ errorMessage: "SKU não existe: 99999999" });
  });
});

describe("POST /hub/resource/{idtypecompanyintegration}: labels of collection lists", () => {
  let listId: number;
  let shipments: string[];
  let integration: number;

  beforeAll(async () => {
    integration = (await newChannelIntegration(api, { Sandbox: { Orders: 10 } })).IDCompanyIntegration;
    expect(await pullNow(api, integration)).toMatchObject({ Status: "Done" });
    const orders = (await api.get(`/orders/hub?IDCompanyIntegration=${integration}`)).body as {
      IDIntegration: number;
      ShippingId: string | null;
    }[];
    const shipped = orders.filter((o) => o.ShippingId).slice(0, 3);
    const list = await api.post("/hub/collection-list", { Orders: shipped.map((o) => o.IDIntegration) });
    expect(list.status).toBe(200);
    listId = list.body.IDOrdersCarrierCollectionList;
    shipments = list.body.Orders.map((o) => o.ShippingId!);
    const unshipped = orders.find((o) => !o.ShippingId)!;
    const refused = await api.post("/hub/collection-list", { Orders: [unshipped.IDIntegration] });
    expect(refused.body).toMatchObject({
      errorMessage: `Pedido sem envio no canal: ${unshipped.IDIntegration}`,
    });
  });

  const labels = (path: string, bearer: string | null = token) =>
    fetchWorker(
      new Request(`http://demo.localhost/1.0${path}`, {
        method: "POST",
        headers: bearer ? { Authorization: `JWT ${bearer}` } : {},
      }),
    );

  it("a PDF with one page per order, made by the channel", async () => {
    const response = await labels(`/hub/resource/1?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
  });

  it("ZPL text, one ^XA..^XZ block per order naming its shipment; the token may come in the query", async () => {
    const response = await labels(
      `/hub/resource/1?IDOrdersCarrierCollectionList=${listId}&LabelFormat=zpl&token=${token}`,
      null,
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.match(/\^XA/g)).toHaveLength(3);
    expect(text.match(/\^XZ/g)).toHaveLength(3);
    for (const shipment of shipments) expect(text).toContain(`^FD${shipment}^FS`);
    expect((await labels(`/hub/resource/1?IDOrdersCarrierCollectionList=${listId}`, null)).status).toBe(401);
  });

  it("another company's list, a list of another channel kind or an unknown one: 400, no file", async () => {
    const filial = await signIn("demo", "filial@demo.local");
    const unconnected = await labels(`/hub/resource/1?IDOrdersCarrierCollectionList=${listId}`, filial);
    expect(unconnected.status).toBe(400);
    expect(await unconnected.json()).toMatchObject({
      errorMessage: "A empresa não tem integração de canal ativa desse tipo",
    });
    await newChannelIntegration(other);
    const foreign = await labels(`/hub/resource/1?IDOrdersCarrierCollectionList=${listId}`, filial);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ errorMessage: `Lista de coleta não existe: ${listId}` });
    const otherKind = await labels(`/hub/resource/2?IDOrdersCarrierCollectionList=${listId}`);
    expect(await otherKind.json()).toMatchObject({
      errorMessage: "A empresa não tem integração de canal ativa desse tipo",
    });
    await newChannelIntegration(api, { IDTypeCompanyIntegration: 2 });
    const connected = await labels(`/hub/resource/2?IDOrdersCarrierCollectionList=${listId}`);
    expect(await connected.json()).toMatchObject({ errorMessage: `Lista de coleta não existe: ${listId}` });
    const bad = await labels(`/hub/resource/1?IDOrdersCarrierCollectionList=${listId}&LabelFormat=gif`);
    expect(bad.status).toBe(400);
  });

  it("an integration whose credentials expired gets no labels", async () => {
    await api.put(`/hub/integration/${integration}`, { CredentialsExpireAt: "2020-01-01 00:00:00" });
    const response = await labels(`/hub/resource/1?IDOrdersCarrierCollectionList=${listId}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorMessage: "Credenciais da integração expiradas: autentique a integração novamente",
    });
    await api.put(`/hub/integration/${integration}`, { CredentialsExpireAt: null });
  });
});
