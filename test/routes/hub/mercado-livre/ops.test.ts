import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { mlLabelNotReady, mlLabelRefused } from "../../../../src/domain/hub/mercado-livre/messages";
import { CHANNEL_INVALID_ANSWER, CHANNEL_TIMEOUT } from "../../../../src/domain/hub/messages";
import { fetchWorker, signIn } from "../../../support/api";
import { pullNow } from "../../../support/hub-factories";
import { mlDouble, mlOrder } from "../../../support/ml-double";
import { companyOneApi, unique } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let token: string;
let sellerSeq = 800_000 + Math.floor(Math.random() * 100_000);

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
  token = await signIn("demo", "admin@demo.local");
});

/** The ops controls of the double (test/support/ml-double-ops.mjs). */
const opsControl = async (name: string, path: string, body?: unknown) => {
  const response = await fetch(`${inject("mlDoubleUrl")}/_control/${name}${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`ops control ${path}: ${response.status}`);
  return response.json();
};

async function connectedSeller() {
  const sellerId = ++sellerSeq;
  const name = `ops-${sellerId}`;
  const settings = {
    clientId: String(6_000_000 + sellerId),
    clientSecret: `segredo-${sellerId}`,
    sellerId,
    refreshToken: `TG-ops-${sellerId}`,
  };
  const double = await mlDouble(name, settings);
  const response = await api.post("/hub/integration", {
    Description: unique("Mercado Livre ops"),
    IDTypeCompanyIntegration: 3,
    BaseUrl: double.baseUrl,
    Credentials: {
      ClientId: settings.clientId,
      ClientSecret: settings.clientSecret,
      RefreshToken: settings.refreshToken,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return {
    name,
    double,
    settings,
    sellerId,
    integrationId: response.body[0]!.IDCompanyIntegration as number,
  };
}

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
  let seller: Awaited<ReturnType<typeof connectedSeller>>;
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
    const before = ((await opsControl(seller.name, "/ops/state")) as { labelCalls: number }).labelCalls;
    await seller.double.shipments([
      { id: shipmentBase + 2, status: "shipped", logistic: { type: "cross_docking" } },
    ]);
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorMessage: mlLabelNotReady(`${shipmentBase + 2} (shipped)`) });
    expect(((await opsControl(seller.name, "/ops/state")) as { labelCalls: number }).labelCalls).toBe(before);
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
    expect(await garbage.json()).toEqual({ errorMessage: CHANNEL_INVALID_ANSWER });
    await seller.double.faults(Array.from({ length: 12 }, () => ({ mode: "500" as const })));
    const down = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(down.status).toBe(400);
    expect(await down.json()).toEqual({ errorMessage: CHANNEL_TIMEOUT });
  });

  it("an access token answered 401 is refreshed once and the labels come", async () => {
    await seller.double.expireAccessTokens();
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(200);
    expect((await seller.double.state()).refreshes).toBeGreaterThanOrEqual(2);
  });

  it("the channel's own refusal of the label call (failed_shipments) is a 400 with its reason", async () => {
    await opsControl(seller.name, "/ops/refuse-labels", { message: "Label already cancelled" });
    const response = await labels(`/hub/resource/3?IDOrdersCarrierCollectionList=${listId}&LabelFormat=pdf`);
    expect(response.status).toBe(400);
    const reason = shipments
      .map((id) => `${id}: Label already cancelled`)
      .sort()
      .join("; ");
    const body = (await response.json()) as { errorMessage: string };
    const named = body.errorMessage.replace(/^.*?envios (.*?): .*$/, "$1");
    expect(body).toEqual({ errorMessage: mlLabelRefused(named, reason) });
    expect(named.split(", ").sort()).toEqual([...shipments].sort());
  });
});
