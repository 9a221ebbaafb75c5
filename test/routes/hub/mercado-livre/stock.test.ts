import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubProductVariations, jobs, mlStockOutbox } from "../../../../drizzle/schema";
import {
  ML_STOCK_BUFFER_INVALID,
  mlListingClosed,
  mlListingNotFound,
  mlVariationNotInListing,
} from "../../../../src/domain/hub/mercado-livre/messages";
import { newChannelIntegration } from "../../../support/hub-factories";
import { connectMlSeller, type MlDoubleItem, mlDoubleItems } from "../../../support/ml-double";
import { expectRefusal } from "../../../support/refusal";
import { companyOneApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";
import { adjust, newSku, newWarehouse, reserve } from "../../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;
let listingSeq = 5_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A seller at the double, its integration (own warehouse, `StockBuffer`) and the items controls. */
async function seller(stockBuffer = 0) {
  const warehouseId = await newWarehouse(api);
  const { name, double, integrationId } = await connectMlSeller(api, {
    prefix: "stock",
    fields: { IDWarehouseHub: warehouseId, StockBuffer: stockBuffer },
  });
  return { double, items: mlDoubleItems(name), warehouseId, integrationId };
}

type Seller = Awaited<ReturnType<typeof seller>>;

/** A listing at the double with `variations` variations, mapped to new SKUs by `/hub/product`. */
async function mappedListing(s: Seller, variations: number, fields: Partial<MlDoubleItem> = {}) {
  const listingId = `MLB${++listingSeq}`;
  const variationIds = Array.from({ length: variations }, (_, i) => listingSeq * 10 + i);
  await s.items.add([
    {
      id: listingId,
      title: "Camiseta básica",
      price: 49.9,
      available_quantity: 1,
      variations: variationIds.map((id) => ({ id, price: 49.9, available_quantity: 1 })),
      ...fields,
    },
  ]);
  const skus = [];
  for (let i = 0; i < Math.max(1, variations); i++) skus.push(await newSku(api, { Price: 59.9 }));
  const created = await api.post("/hub/product", {
    IDCompanyIntegration: s.integrationId,
    Title: "Camiseta básica",
    ChannelProductId: listingId,
    Variations: skus.map((sku, i) => ({
      IDSku: sku.IDSku,
      ChannelSkuCode: variations > 0 ? String(variationIds[i]) : listingId,
    })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const productId = (created.body as { IDHubProduct: number }[])[0]!.IDHubProduct;
  return { listingId, variationIds, skus, productId };
}

const outboxOf = (integrationId: number) =>
  demoDb().select().from(mlStockOutbox).where(eq(mlStockOutbox.companyIntegrationId, integrationId));

/** Waits until the integration has no listing waiting and no publish job open. */
async function published(integrationId: number, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const rows = await outboxOf(integrationId);
    const open = await demoDb()
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, "MlStockPublish"),
          eq(jobs.params, JSON.stringify({ IDCompanyIntegration: integrationId })),
          inArray(jobs.status, ["Pending", "Processing"]),
        ),
      );
    if (open.length === 0 && rows.every((r) => r.state !== "pending")) return rows;
    if (Date.now() - started > timeoutMs) throw new Error(`stock of ${integrationId} still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const putsOf = async (s: Seller, listingId: string) =>
  (await s.items.state()).puts.filter((p) => p.id === listingId).map((p) => p.body);

const stockIn = (s: Seller, skuId: number, quantity: number) =>
  adjust(api, {
    IDSku: skuId,
    IDWarehouse: s.warehouseId,
    IDTypeMovement: 0,
    Quantity: quantity,
    UnitCost: 10,
  });
const stockOut = (s: Seller, skuId: number, quantity: number) =>
  adjust(api, { IDSku: skuId, IDWarehouse: s.warehouseId, IDTypeMovement: 1, Quantity: quantity });

describe("StockBuffer of an integration", () => {
  it("is stored, shown by GET and changed by PUT; a negative or fractional one is refused", async () => {
    const s = await seller(3);
    expect((await api.get(`/hub/integration/${s.integrationId}`)).body[0]).toMatchObject({ StockBuffer: 3 });
    const changed = await api.put(`/hub/integration/${s.integrationId}`, { StockBuffer: 0 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api.get(`/hub/integration/${s.integrationId}`)).body[0]).toMatchObject({ StockBuffer: 0 });
    expectRefusal(
      await api.put(`/hub/integration/${s.integrationId}`, { StockBuffer: -1 }),
      ML_STOCK_BUFFER_INVALID,
    );
    expectRefusal(
      await api.put(`/hub/integration/${s.integrationId}`, { StockBuffer: 1.5 }),
      ML_STOCK_BUFFER_INVALID,
    );
    expect((await api.get(`/hub/integration/${s.integrationId}`)).body[0]).toMatchObject({ StockBuffer: 0 });
  });
});

describe("PUT /hub/product/{id} with SyncVariations=1 on Mercado Livre", () => {
  it("updates each variation by PUT /items (every variation sent by id), one result each", async () => {
    const s = await seller(2);
    const listing = await mappedListing(s, 2);
    await stockIn(s, listing.skus[0]!.IDSku, 10);
    await stockIn(s, listing.skus[1]!.IDSku, 1);
    await published(s.integrationId);
    const response = await api.put(`/hub/product/${listing.productId}`, { SyncVariations: 1 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ IDHubProduct: listing.productId, TotalUpdates: 3 });
    const state = await s.items.state();
    const item = state.items.find((i) => i.id === listing.listingId)!;
    // 59.90 the SKU's price; 10 - 2 and max(0, 1 - 2)
    expect(item.variations).toEqual([
      expect.objectContaining({ id: listing.variationIds[0], price: 59.9, available_quantity: 8 }),
      expect.objectContaining({ id: listing.variationIds[1], price: 59.9, available_quantity: 0 }),
    ]);
    const syncPuts = (await putsOf(s, listing.listingId)).filter((b) =>
      (b.variations as { price?: number }[] | undefined)?.some((v) => v.price !== undefined),
    );
    expect(syncPuts).toHaveLength(2);
    for (const body of syncPuts)
      expect((body.variations as { id: number }[]).map((v) => v.id)).toEqual(listing.variationIds);
  });

  it("a mapped code that is no variation of the listing is its own failed result; the others go on", async () => {
    const s = await seller();
    const listing = await mappedListing(s, 1);
    const extra = await newSku(api, { Price: 10 });
    const [mapped] = await demoDb()
      .select()
      .from(hubProductVariations)
      .where(eq(hubProductVariations.hubProductId, listing.productId));
    await demoDb().insert(hubProductVariations).values({
      companyId: mapped!.companyId,
      hubProductId: listing.productId,
      skuId: extra.IDSku,
      channelSkuCode: "999",
    });
    const response = await api.put(`/hub/product/${listing.productId}`, { SyncVariations: 1 });
    expect(response.status).toBe(200);
    const results = (response.body as { Results: { Success: number; Message: string | null }[] }).Results;
    expect(results.map((r) => r.Success)).toEqual([1, 1, 0]);
    expect(results[2]!.Message).toBe(mlVariationNotInListing("999", listing.listingId));
  });

  it("a listing deleted at the channel: every result failed with why, nothing marked synchronised", async () => {
    const s = await seller();
    const listing = await mappedListing(s, 2);
    await s.items.gone(listing.listingId);
    const response = await api.put(`/hub/product/${listing.productId}`, { SyncVariations: 1, Title: "Novo" });
    expect(response.status).toBe(200);
    const body = response.body as { TotalUpdates: number; Results: { Success: number; Message: string }[] };
    expect(body.TotalUpdates).toBe(0);
    expect(body.Results.map((r) => r.Message)).toEqual(Array(3).fill(mlListingNotFound(listing.listingId)));
    const rows = await demoDb()
      .select()
      .from(hubProductVariations)
      .where(eq(hubProductVariations.hubProductId, listing.productId));
    expect(rows.every((r) => r.lastSyncAt === null)).toBe(true);
    const product = await api.get(`/hub/product/${listing.productId}`);
    expect(product.body[0]).toMatchObject({ Title: "Camiseta básica" });
    expect(await putsOf(s, listing.listingId)).toEqual([]);
  });

  it("a closed listing is refused the same way", async () => {
    const s = await seller();
    const listing = await mappedListing(s, 0);
    await s.items.gone(listing.listingId, "closed");
    const response = await api.put(`/hub/product/${listing.productId}`, { SyncVariations: 1 });
    expect((response.body as { Results: { Message: string }[] }).Results[0]!.Message).toBe(
      mlListingClosed(listing.listingId, "closed"),
    );
  });
});

describe("published stock", () => {
  it("a stock movement in and out publishes max(0, QtyAvailable - StockBuffer) of the listing", async () => {
    const s = await seller(2);
    const listing = await mappedListing(s, 0);
    const skuId = listing.skus[0]!.IDSku;
    await stockIn(s, skuId, 7);
    await published(s.integrationId);
    expect((await putsOf(s, listing.listingId)).at(-1)).toEqual({ available_quantity: 5 });
    await stockOut(s, skuId, 6);
    const rows = await published(s.integrationId);
    expect((await putsOf(s, listing.listingId)).at(-1)).toEqual({ available_quantity: 0 });
    expect(rows).toEqual([expect.objectContaining({ state: "done", reason: null })]);
  });

  it("a reservation and its release (an order reserving, then cancelled or invoiced) publish too", async () => {
    const s = await seller(0);
    const listing = await mappedListing(s, 1);
    const skuId = listing.skus[0]!.IDSku;
    await stockIn(s, skuId, 9);
    await published(s.integrationId);
    const orderId = 900_000_000 + listingSeq;
    const [mapped] = await demoDb()
      .select()
      .from(hubProductVariations)
      .where(eq(hubProductVariations.hubProductId, listing.productId));
    await reserve(mapped!.companyId, {
      orderId,
      skuId,
      warehouseId: s.warehouseId,
      quantity: 4000,
      statusOrderId: 23,
    });
    // the reservation's trigger queued the listing; any write asks for its publication
    expect((await outboxOf(s.integrationId))[0]).toMatchObject({ state: "pending" });
    await newWarehouse(api);
    await published(s.integrationId);
    expect((await putsOf(s, listing.listingId)).at(-1)).toEqual({
      variations: [{ id: listing.variationIds[0], available_quantity: 5 }],
    });
    await env.DB_DEMO.prepare("DELETE FROM stock_reservations WHERE order_id = ?").bind(orderId).run();
    await newWarehouse(api);
    await published(s.integrationId);
    expect((await putsOf(s, listing.listingId)).at(-1)).toEqual({
      variations: [{ id: listing.variationIds[0], available_quantity: 9 }],
    });
  });

  it("coalesces: 10 changes while a publication is in flight end in ONE PUT with the last value", async () => {
    const s = await seller(0);
    const listing = await mappedListing(s, 0);
    const skuId = listing.skus[0]!.IDSku;
    await s.items.hold();
    for (let i = 0; i < 10; i++) await stockIn(s, skuId, 1);
    await s.items.release();
    await published(s.integrationId);
    expect(await putsOf(s, listing.listingId)).toEqual([{ available_quantity: 10 }]);
  });

  it("never leaves a stale value last: a change during a publication is sent after it", async () => {
    const s = await seller(0);
    const listing = await mappedListing(s, 0);
    const skuId = listing.skus[0]!.IDSku;
    await stockIn(s, skuId, 3);
    await published(s.integrationId);
    // the PUT answer is slow: a change lands after the quantities were read and before the row is marked
    await s.double.faults([
      { on: "api", mode: "slow", ms: 300 },
      { on: "api", mode: "slow", ms: 1500 },
    ]);
    await stockIn(s, skuId, 2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await stockIn(s, skuId, 4);
    await published(s.integrationId);
    const puts = await putsOf(s, listing.listingId);
    expect(puts.at(-1)).toEqual({ available_quantity: 9 });
    const row = (await outboxOf(s.integrationId))[0]!;
    expect(row).toMatchObject({ state: "done" });
    expect(row.sentSeq).toBe(row.seq);
  });

  it("429 with Retry-After then success: one PUT accepted, the job Done", async () => {
    const s = await seller(1);
    const listing = await mappedListing(s, 0);
    await s.double.faults([{ on: "api", mode: "429", retryAfter: "0" }]);
    await stockIn(s, listing.skus[0]!.IDSku, 4);
    await published(s.integrationId);
    expect(await putsOf(s, listing.listingId)).toEqual([{ available_quantity: 3 }]);
    const requests = (await s.double.requests()).filter((r) => r.path === `/items/${listing.listingId}`);
    expect(requests.length).toBe(3); // GET answered 429, GET, PUT
  });

  it("a listing deleted at the channel: its publish state failed with the reason, later changes send nothing", async () => {
    const s = await seller(0);
    const listing = await mappedListing(s, 0);
    await s.items.gone(listing.listingId);
    await stockIn(s, listing.skus[0]!.IDSku, 2);
    const rows = await published(s.integrationId);
    expect(rows).toEqual([
      expect.objectContaining({ state: "failed", reason: mlListingNotFound(listing.listingId) }),
    ]);
    const calls = (await s.double.requests()).length;
    await stockIn(s, listing.skus[0]!.IDSku, 2);
    await published(s.integrationId);
    expect((await s.double.requests()).length).toBe(calls);
  });

  it("one seller's failing channel never holds another's publication", async () => {
    const broken = await seller(0);
    const healthy = await seller(0);
    const a = await mappedListing(broken, 0);
    const b = await mappedListing(healthy, 0);
    await broken.double.faults(Array(20).fill({ on: "api", mode: "500" }));
    await stockIn(broken, a.skus[0]!.IDSku, 2);
    await stockIn(healthy, b.skus[0]!.IDSku, 2);
    await published(healthy.integrationId);
    expect(await putsOf(healthy, b.listingId)).toEqual([{ available_quantity: 2 }]);
    expect(await putsOf(broken, a.listingId)).toEqual([]);
    const row = (await outboxOf(broken.integrationId))[0]!;
    expect(row.state).toBe("pending");
  });

  it("a sandbox integration mapped to the same SKU is untouched", async () => {
    const s = await seller(0);
    const listing = await mappedListing(s, 0);
    const sandbox = await newChannelIntegration(api);
    const sandboxId = sandbox.IDCompanyIntegration as number;
    const created = await api.post("/hub/product", {
      IDCompanyIntegration: sandboxId,
      Title: "Camiseta sandbox",
      ChannelProductId: "SBX-1",
      Variations: [{ IDSku: listing.skus[0]!.IDSku, ChannelSkuCode: "SBX-CAMISETA-P" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await stockIn(s, listing.skus[0]!.IDSku, 2);
    await published(s.integrationId);
    expect(await outboxOf(sandboxId)).toEqual([]);
  });
});
