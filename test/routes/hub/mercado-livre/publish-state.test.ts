import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, mlStockOutbox } from "../../../../drizzle/schema";
import { mlListingNotFound } from "../../../../src/domain/hub/mercado-livre/messages";
import { HUB_PRODUCT_NOT_FOUND } from "../../../../src/domain/hub/messages";
import { newChannelIntegration } from "../../../support/hub-factories";
import { connectMlSeller, mlDoubleItems } from "../../../support/ml-double";
import { expectRefusal } from "../../../support/refusal";
import { companyOneApi, companyTwoApi, demoDb } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";
import { adjust, newSku, newWarehouse } from "../../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
type Row = Record<string, any>;
let api: Api;
let listingSeq = 7_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** A seller at the double and its integration (own warehouse, `StockBuffer` 2). */
async function seller() {
  const warehouseId = await newWarehouse(api);
  const { name, integrationId } = await connectMlSeller(api, {
    prefix: "publish",
    fields: { IDWarehouseHub: warehouseId, StockBuffer: 2 },
  });
  return { items: mlDoubleItems(name), warehouseId, integrationId };
}

/** A listing of two variations at the double, mapped to two new SKUs. */
async function mappedListing(s: Awaited<ReturnType<typeof seller>>) {
  const listingId = `MLB${++listingSeq}`;
  const variationIds = [listingSeq * 10, listingSeq * 10 + 1];
  await s.items.add([
    {
      id: listingId,
      title: "Camiseta",
      price: 49.9,
      available_quantity: 2,
      variations: variationIds.map((id) => ({ id, price: 49.9, available_quantity: 1 })),
    },
  ]);
  const skus = [await newSku(api, { Price: 59.9 }), await newSku(api, { Price: 59.9 })];
  const created = await api.post("/hub/product", {
    IDCompanyIntegration: s.integrationId,
    Title: "Camiseta",
    ChannelProductId: listingId,
    Variations: skus.map((sku, i) => ({ IDSku: sku.IDSku, ChannelSkuCode: String(variationIds[i]) })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { listingId, variationIds, skus, productId: created.body[0]!.IDHubProduct as number };
}

/** Waits until the integration has no listing waiting and no publish job open. */
async function published(integrationId: number) {
  const started = Date.now();
  for (;;) {
    const rows = await demoDb()
      .select()
      .from(mlStockOutbox)
      .where(eq(mlStockOutbox.companyIntegrationId, integrationId));
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
    if (open.length === 0 && rows.every((r) => r.state !== "pending")) return;
    if (Date.now() - started > 20_000) throw new Error(`stock of ${integrationId} still pending`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stockIn = (s: { warehouseId: number }, skuId: number, quantity: number) =>
  adjust(api, {
    IDSku: skuId,
    IDWarehouse: s.warehouseId,
    IDTypeMovement: 0,
    Quantity: quantity,
    UnitCost: 10,
  });

const productOf = async (productId: number) => {
  const response = await api.get(`/hub/product/${productId}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body[0] as Row;
};

describe("GET /hub/product/{id}: the listing's published stock", () => {
  it("none before a stock change; Pending while a publication is in flight; Published with each variation's quantity and when", async () => {
    const s = await seller();
    const listing = await mappedListing(s);
    const before = await productOf(listing.productId);
    expect(before.StockPublication).toBeNull();
    expect(before.Variations.map((v: Row) => v.PublishedQty)).toEqual([null, null]);

    await s.items.hold();
    await stockIn(s, listing.skus[0]!.IDSku, 7);
    await stockIn(s, listing.skus[1]!.IDSku, 1);
    expect((await productOf(listing.productId)).StockPublication).toEqual({
      State: "Pending",
      PublishedAt: null,
      FailureReason: null,
    });
    await s.items.release();
    await published(s.integrationId);

    const after = await productOf(listing.productId);
    expect(after.StockPublication).toEqual({
      State: "Published",
      PublishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      FailureReason: null,
    });
    // max(0, QtyAvailable - StockBuffer 2) of each variation, as the channel took them
    expect(after.Variations.map((v: Row) => [v.ChannelSkuCode, v.PublishedQty])).toEqual([
      [String(listing.variationIds[0]), 5],
      [String(listing.variationIds[1]), 0],
    ]);
  });

  it("a listing deleted at the channel: Failed with the reason, the last published quantities kept", async () => {
    const s = await seller();
    const listing = await mappedListing(s);
    await stockIn(s, listing.skus[0]!.IDSku, 4);
    await published(s.integrationId);
    const first = await productOf(listing.productId);
    expect(first.StockPublication.State).toBe("Published");

    await s.items.gone(listing.listingId);
    await stockIn(s, listing.skus[0]!.IDSku, 4);
    await published(s.integrationId);
    const failed = await productOf(listing.productId);
    expect(failed.StockPublication).toEqual({
      State: "Failed",
      PublishedAt: first.StockPublication.PublishedAt,
      FailureReason: mlListingNotFound(listing.listingId),
    });
    expect(failed.Variations.map((v: Row) => v.PublishedQty)).toEqual([2, 0]);
  });

  it("another company reads neither the product nor its publish state; a sandbox product has none", async () => {
    const s = await seller();
    const listing = await mappedListing(s);
    await stockIn(s, listing.skus[0]!.IDSku, 3);
    await published(s.integrationId);
    expectRefusal(
      await (await companyTwoApi()).get(`/hub/product/${listing.productId}`),
      HUB_PRODUCT_NOT_FOUND,
    );

    const sandbox = await newChannelIntegration(api, { IDWarehouseHub: s.warehouseId });
    const product = await api.post("/hub/product", {
      IDCompanyIntegration: sandbox.IDCompanyIntegration,
      Title: "Camiseta",
      ChannelProductId: listing.listingId,
      Variations: [{ IDSku: listing.skus[0]!.IDSku, ChannelSkuCode: "X" }],
    });
    expect(product.status, JSON.stringify(product.body)).toBe(200);
    expect(product.body[0]).toMatchObject({ StockPublication: null, Variations: [{ PublishedQty: null }] });
  });
});
