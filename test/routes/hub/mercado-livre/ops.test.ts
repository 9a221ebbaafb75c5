import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { mlNotifications } from "../../../../drizzle/schema";
import { mlLabelNotReady, mlLabelRefused } from "../../../../src/domain/hub/mercado-livre/messages";
import { CHANNEL_INVALID_ANSWER, CHANNEL_TIMEOUT } from "../../../../src/domain/hub/messages";
import { fetchWorker, signIn } from "../../../support/api";
import { pullNow } from "../../../support/hub-factories";
import { connectMlSeller, type MlSeller, mlOrder } from "../../../support/ml-double";
import { newTaxProfile, paymentTypeWithRate } from "../../../support/order-factories";
import { companyOneApi, demoDb, unique } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";
import { newSku, newWarehouse } from "../../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

/** The ops controls of the double (test/support/ml-double-ops.mjs). */
const opsControl = async (seller: MlSeller, path: string, body?: unknown) =>
  (await seller.control(path, body === undefined ? "GET" : "POST", body)).json();

const connectedSeller = (fields: Record<string, unknown> = {}) =>
  connectMlSeller(api, { prefix: "ops", fields });

/** A warehouse and a payment type for the orders the hub creates (one installment in 1 day). */
const sellingSetup = async () => ({
  IDWarehouseHub: await newWarehouse(api),
  IDTypePayment: await paymentTypeWithRate(api, 1),
});

type HubOrderView = {
  IDIntegration: number;
  Order: string;
  ShippingId: string | null;
  PackId: string | null;
};

const hubOrdersOf = async (integrationId: number) =>
  (await api.get(`/orders/hub?IDCompanyIntegration=${integrationId}`)).body as HubOrderView[];

const labels = (path: string) =>
  fetchWorker(
    new Request(`http://demo.localhost/1.0${path}`, {
      method: "POST",
      headers: { Authorization: `JWT ${token}` },
    }),
  );

describe("labels of Mercado Livre shipments (POST /hub/resource/3)", () => {
  let seller: MlSeller;
  let listId: number;
  let shipments: string[];
  const shipmentBase = 46_000_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

  beforeAll(async () => {
    seller = await connectedSeller();
    const ids = [1, 2, 3].map((n) => shipmentBase + n);
    await seller.double.shipments(
      ids.map((id) => ({
        id,
        status: "ready_to_ship",
        substatus: "ready_to_print",
        logistic: { type: "cross_docking" },
      })),
    );
    await seller.double.orders(ids.map((shipmentId) => mlOrder(seller.sellerId, { shipmentId })));
    expect(await pullNow(api, seller.integrationId)).toMatchObject({ Status: "Done" });
    const orders = await hubOrdersOf(seller.integrationId);
    expect(orders).toHaveLength(3);
    const list = await api.post("/hub/collection-list", { Orders: orders.map((o) => o.IDIntegration) });
    expect(list.status).toBe(200);
    listId = list.body.IDOrdersCarrierCollectionList;
    shipments = ids.map(String);
  });

  it("a PDF of the shipments' labels fetched by /shipment_labels in one call", async () => {
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(3);
    const calls = (await seller.double.requests()).filter((r) => r.path === "/shipment_labels");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.response_type).toBe("pdf");
    expect(calls[0]!.query.shipment_ids!.split(",").sort()).toEqual([...shipments].sort());
  });

  it("ZPL II: the zpl2 ZIP unpacked into one text with a block per shipment", async () => {
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=zpl`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.match(/\^XA/g)).toHaveLength(3);
    for (const shipment of shipments) expect(text).toContain(`Mercado Envios ${shipment}`);
    const calls = (await seller.double.requests()).filter((r) => r.path === "/shipment_labels");
    expect(calls.at(-1)!.query.response_type).toBe("zpl2");
  });

  it("a shipment not ready_to_ship: 400 naming it and its status, no label call", async () => {
    const before = ((await opsControl(seller, "/ops/state")) as { labelCalls: number }).labelCalls;
    await seller.double.shipments([
      { id: shipmentBase + 2, status: "shipped", logistic: { type: "cross_docking" } },
    ]);
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorMessage: mlLabelNotReady(`${shipmentBase + 2} (shipped)`),
    });
    expect(((await opsControl(seller, "/ops/state")) as { labelCalls: number }).labelCalls).toBe(before);
    await seller.double.shipments([
      { id: shipmentBase + 2, status: "ready_to_ship", logistic: { type: "cross_docking" } },
    ]);
  });

  it("faults during labels: 429 and 500 retried; garbage and a 500 that lasts are 400s", async () => {
    await seller.double.faults([{ mode: "429", retryAfter: "0" }, { mode: "500" }]);
    const retried = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(retried.status).toBe(200);
    // the shipments are read first (3 calls at once), then the labels
    await seller.double.faults([{ mode: "garbage" }]);
    const garbage = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ errorMessage: CHANNEL_INVALID_ANSWER });
    await seller.double.faults(Array.from({ length: 12 }, () => ({ mode: "500" as const })));
    const down = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(down.status).toBe(400);
    expect(await down.json()).toMatchObject({ errorMessage: CHANNEL_TIMEOUT });
  });

  it("an access token answered 401 is refreshed once and the labels come", async () => {
    await seller.double.expireAccessTokens();
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(200);
    expect((await seller.double.state()).refreshes).toBeGreaterThanOrEqual(2);
  });

  it("the channel's own refusal of the label call (failed_shipments) is a 400 with its reason", async () => {
    await opsControl(seller, "/ops/refuse-labels", { message: "Label already cancelled" });
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(400);
    const reason = shipments
      .map((id) => `${id}: Label already cancelled`)
      .sort()
      .join("; ");
    const body = (await response.json()) as { errorMessage: string };
    const named = body.errorMessage.replace(/^.*?envios (.*?): .*$/, "$1");
    expect(body).toMatchObject({ errorMessage: mlLabelRefused(named, reason) });
    expect(named.split(", ").sort()).toEqual([...shipments].sort());
  });
});

type HubOrderDetail = HubOrderView & {
  IDOrder: number | null;
  UnmappedSkus: string[];
  Items: { ChannelSkuCode: string; IDSku: number | null }[];
};

describe("items without seller SKU map through the listing mapping (/hub/product)", () => {
  it("listing → its only variation's SKU, listing/variation → the named variation; an unknown listing stays unmapped", async () => {
    const seller = await connectedSeller(await sellingSetup());
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const profile = (await newTaxProfile(api)).Code;
    const single = await newSku(api, { Code: `ML-${tag}-UNICA`, Price: 50, TaxProfile: profile });
    const small = await newSku(api, { Code: `ML-${tag}-P`, Price: 60, TaxProfile: profile });
    const large = await newSku(api, { Code: `ML-${tag}-G`, Price: 60, TaxProfile: profile });
    const listingA = `MLB${tag}1`;
    const listingB = `MLB${tag}2`;
    for (const [listing, variations] of [
      [listingA, [{ IDSku: single.IDSku, ChannelSkuCode: "UNICA" }]],
      [
        listingB,
        [
          { IDSku: small.IDSku, ChannelSkuCode: "7701" },
          { IDSku: large.IDSku, ChannelSkuCode: "7702" },
        ],
      ],
    ] as const) {
      const product = await api.post("/hub/product", {
        IDCompanyIntegration: seller.integrationId,
        Title: `Anúncio ${listing}`,
        ChannelProductId: listing,
        Variations: variations,
      });
      expect(product.status, JSON.stringify(product.body)).toBe(200);
    }
    const mapped = mlOrder(seller.sellerId, {
      items: [
        { listing: listingA, sku: null, price: 50 },
        { listing: listingB, sku: null, price: 60 },
      ],
    });
    (mapped.order_items[1]!.item as { variation_id: number | null }).variation_id = 7702;
    const unknown = mlOrder(seller.sellerId, { items: [{ listing: `MLB${tag}9`, sku: null, price: 10 }] });
    // a listing of two variations with no variation named is ambiguous: unmapped too
    const ambiguous = mlOrder(seller.sellerId, { items: [{ listing: listingB, sku: null, price: 60 }] });
    await seller.double.orders([mapped, unknown, ambiguous]);
    const job = await pullNow(api, seller.integrationId);
    expect(job).toMatchObject({ Status: "Done", Result: { pulled: 3, created: 3, unmapped: 2 } });
    const orders = await hubOrdersOf(seller.integrationId);
    const detail = async (channelId: number) => {
      const row = orders.find((o) => o.Order === String(channelId))!;
      return (await api.get(`/hub/order/${row.IDIntegration}`)).body as HubOrderDetail;
    };
    const good = await detail(mapped.id);
    expect(good.UnmappedSkus).toEqual([]);
    expect(good.Items.map((i) => [i.ChannelSkuCode, i.IDSku])).toEqual([
      [single.Code, single.IDSku],
      [large.Code, large.IDSku],
    ]);
    expect(good.IDOrder).not.toBeNull();
    const lost = await detail(unknown.id);
    expect(lost.UnmappedSkus).toEqual([`MLB${tag}9`]);
    expect(lost.IDOrder).toBeNull();
    expect((await detail(ambiguous.id)).UnmappedSkus).toEqual([listingB]);
    const notCreated = (
      await api.get(`/orders/hub?IDCompanyIntegration=${seller.integrationId}&OrdersNotCreated=1`)
    ).body as HubOrderView[];
    expect(notCreated.map((o) => o.Order).sort()).toEqual([String(unknown.id), String(ambiguous.id)].sort());
  });

  it("a pack whose orders ship from two places (Full and the seller's own): one hub order each, same PackId, own shipment", async () => {
    const seller = await connectedSeller();
    const sku = await newSku(api, { Code: unique("ML-PACK").replace(/\s/g, "-"), Price: 30 });
    const packId = 2_000_000_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const full = 47_000_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    const own = full + 1;
    await seller.double.shipments([
      { id: full, status: "ready_to_ship", logistic: { type: "fulfillment", mode: "me2" } },
      { id: own, status: "ready_to_ship", logistic: { type: "cross_docking", mode: "me2" } },
    ]);
    const first = mlOrder(seller.sellerId, {
      packId,
      shipmentId: full,
      items: [{ sku: sku.Code, price: 30 }],
    });
    const second = mlOrder(seller.sellerId, {
      packId,
      shipmentId: own,
      items: [{ sku: sku.Code, price: 30 }],
    });
    await seller.double.packs([
      { id: packId, status: "released", orders: [{ id: first.id }, { id: second.id }], shipment: null },
    ]);
    await seller.double.orders([first, second]);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { created: 2, unmapped: 0 },
    });
    const orders = await hubOrdersOf(seller.integrationId);
    expect(orders.map((o) => [o.PackId, o.ShippingId]).sort()).toEqual(
      [
        [String(packId), String(full)],
        [String(packId), String(own)],
      ].sort(),
    );
  });
});

describe("/missed_feeds read by the pull", () => {
  it("the seller's missed orders_v2/shipments go to the inbox and are fetched once; other sellers' and topics are not", async () => {
    const seller = await connectedSeller();
    const order = mlOrder(seller.sellerId);
    await seller.double.orders([order]);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { created: 1 },
    });
    await opsControl(seller, "/ops/missed", [
      { topic: "orders_v2", resource: `/orders/${order.id}` },
      { topic: "orders_v2", resource: "/orders/123456789", userId: seller.sellerId + 1 },
      { topic: "items", resource: "/items/MLB1" },
    ]);
    const before = (await seller.double.requests()).length;
    expect(await pullNow(api, seller.integrationId)).toMatchObject({ Status: "Done" });
    const second = (await seller.double.requests()).slice(before);
    const feeds = second.filter((r) => r.path === "/missed_feeds");
    expect(feeds.map((r) => r.query.topic)).toEqual(["orders_v2", "shipments"]);
    for (const r of feeds) expect(r.query.app_id).toBe(seller.settings.clientId);
    expect(second.filter((r) => /^\/orders\/\d+$/.test(r.path)).map((r) => r.path)).toEqual([
      `/orders/${order.id}`,
    ]);
    const inbox = await demoDb()
      .select()
      .from(mlNotifications)
      .where(eq(mlNotifications.companyIntegrationId, seller.integrationId));
    expect(inbox.map((n) => [n.resource, n.state])).toEqual([[`/orders/${order.id}`, "fetched"]]);
    // the feed keeps the message for two days: the next pull does not fetch the order again
    const after = (await seller.double.requests()).length;
    expect(await pullNow(api, seller.integrationId)).toMatchObject({ Status: "Done" });
    const third = (await seller.double.requests()).slice(after);
    expect(third.some((r) => r.path === `/orders/${order.id}`)).toBe(false);
    expect(third.filter((r) => r.path === "/missed_feeds")).toHaveLength(2);
  });

  it("garbage from /missed_feeds fails the pull with the channel's message; the next pull reads it again", async () => {
    const seller = await connectedSeller();
    await seller.double.orders([mlOrder(seller.sellerId)]);
    await seller.double.faults([{ mode: "garbage" }]);
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Failed",
      FailureReason: CHANNEL_INVALID_ANSWER,
    });
    expect(await pullNow(api, seller.integrationId)).toMatchObject({
      Status: "Done",
      Result: { created: 1 },
    });
  });
});
