import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  consumers,
  hubIntegrations,
  hubOrderClaims,
  hubOrderItems,
  hubOrders,
} from "../../../drizzle/schema";
import { sandboxOrder } from "../../../src/adapters/channels/sandbox-data";
import { PULL_PAGE_SIZE } from "../../../src/domain/hub/pull-job";
import { newChannelIntegration, pullNow, sandboxCredentials } from "../../support/hub-factories";
import { newTaxProfile } from "../../support/order-factories";
import { companyOneApi, demoDb } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku, newWarehouse } from "../../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** Orders of two pages: the second one short. */
const ORDERS = PULL_PAGE_SIZE + 50;

const rowsOf = (integrationId: number) =>
  demoDb()
    .select()
    .from(hubOrders)
    .where(eq(hubOrders.companyIntegrationId, integrationId))
    .orderBy(asc(hubOrders.id));

async function integrationOf(orders: number) {
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const profile = (await newTaxProfile(api)).Code;
  const shirt = await newSku(api, { Code: `PAG-${tag}-A`, Price: 59.9, TaxProfile: profile });
  const cap = await newSku(api, { Code: `PAG-${tag}-B`, Price: 39.9, TaxProfile: profile });
  const skuCodes = [shirt.Code, cap.Code];
  const credentials = sandboxCredentials();
  const integration = await newChannelIntegration(api, {
    Credentials: credentials,
    IDWarehouseHub: await newWarehouse(api),
    Sandbox: { Orders: orders, SkuCodes: skuCodes },
  });
  /** The channel's order `n` as the sandbox answers it to this account. */
  const channelOrder = (n: number) => sandboxOrder(credentials.ClientId, n, skuCodes);
  return {
    id: integration.IDCompanyIntegration,
    channelOrder,
    skuCodes,
    skus: { [shirt.Code]: shirt.IDSku, [cap.Code]: cap.IDSku } as Record<string, number>,
  };
}

describe("a pull stores each page of channel orders as one set", () => {
  it("two pages of repeating buyers: one consumer per CPF/CNPJ (an existing one is used), packs numbered in order, items and claims as the channel's", async () => {
    const setup = await integrationOf(ORDERS);
    // a consumer the company already has, with the document of the buyer of order 1
    const first = setup.channelOrder(1);
    const [existing] = await demoDb()
      .insert(consumers)
      .values({ companyId: 1, name: "Cadastro anterior", document: first.buyer.document })
      .returning();
    const job = await pullNow(api, setup.id);
    expect(job).toMatchObject({
      Status: "Done",
      Result: { pulled: ORDERS, created: ORDERS, duplicates: 0, unmapped: 0 },
    });
    const rows = await rowsOf(setup.id);
    expect(rows.map((r) => r.channelOrderId)).toEqual(
      Array.from({ length: ORDERS }, (_, k) => `SBX-${k + 1}`),
    );
    // the sandbox's 37 buyers of the account repeat within each page: one consumer per document
    const documents = [...new Set(rows.map((r) => r.consumerDocument))];
    expect(documents.length).toBeLessThan(ORDERS / 2);
    for (const document of documents) {
      const found = await demoDb()
        .select()
        .from(consumers)
        .where(and(eq(consumers.companyId, 1), eq(consumers.document, document)));
      expect(found, document).toHaveLength(1);
      for (const row of rows.filter((r) => r.consumerDocument === document))
        expect(row.consumerId, row.channelOrderId).toBe(found[0]!.id);
    }
    expect(rows[0]!.consumerId).toBe(existing!.id);
    // a consumer the pull created is named as its buyer at the channel
    const other = rows.find((r) => r.consumerDocument !== first.buyer.document)!;
    const created = await demoDb().select().from(consumers).where(eq(consumers.id, other.consumerId!)).get();
    expect(created).toMatchObject({ name: other.consumerName, document: other.consumerDocument });

    // every pack's orders, in the channel's order, are 0 and 1 (orders 4 and 5 of every ten)
    const packs = new Map<string, number[]>();
    for (const row of rows)
      if (row.packId) packs.set(row.packId, [...(packs.get(row.packId) ?? []), row.packIndex]);
    expect(packs.size).toBe(Math.floor(ORDERS / 10));
    for (const [pack, indexes] of packs) expect(indexes, pack).toEqual([0, 1]);
    for (const row of rows.filter((r) => !r.packId)) expect(row.packIndex).toBe(0);

    // items and claims as the channel answered them, on their own hub order
    const items = await demoDb().select().from(hubOrderItems).where(eq(hubOrderItems.companyId, 1));
    const claims = await demoDb()
      .select()
      .from(hubOrderClaims)
      .where(eq(hubOrderClaims.companyIntegrationId, setup.id));
    for (const row of rows) {
      const n = Number(row.channelOrderId.slice(4));
      const channel = setup.channelOrder(n);
      expect(
        items
          .filter((i) => i.hubOrderId === row.id)
          .sort((a, b) => a.line - b.line)
          .map((i) => [i.line, i.channelSkuCode, i.skuId, i.quantity, i.unitPrice]),
        row.channelOrderId,
      ).toEqual(
        channel.items.map((i, line) => [
          line,
          i.seller_sku,
          setup.skus[i.seller_sku],
          i.quantity,
          Math.round(i.unit_price * 100),
        ]),
      );
      expect(
        claims.filter((c) => c.hubOrderId === row.id).map((c) => c.channelClaimId),
        row.channelOrderId,
      ).toEqual(channel.claims.map((c) => c.id));
      expect([row.orderId !== null, row.orderError], row.channelOrderId).toEqual([true, null]);
    }
  });

  it("a page that repeats orders already stored (cursor moved back) stores only the new ones, packs continued", async () => {
    const setup = await integrationOf(100);
    expect(await pullNow(api, setup.id)).toMatchObject({
      Status: "Done",
      Result: { pulled: 100, created: 100 },
    });
    // the channel has 60 orders more; the cursor goes back 54 orders, into the pack of orders 54 and 55
    await demoDb()
      .update(hubIntegrations)
      .set({ cursor: "46", sandbox: JSON.stringify({ Orders: 160, SkuCodes: setup.skuCodes }) })
      .where(eq(hubIntegrations.companyIntegrationId, setup.id));
    const before = await rowsOf(setup.id);
    expect(await pullNow(api, setup.id)).toMatchObject({
      Status: "Done",
      Result: { pulled: 114, created: 60, duplicates: 54, unmapped: 0 },
    });
    const rows = await rowsOf(setup.id);
    expect(rows).toHaveLength(160);
    // the orders stored first are untouched
    expect(rows.slice(0, 100)).toEqual(before);
    const packs = new Map<string, number[]>();
    for (const row of rows)
      if (row.packId) packs.set(row.packId, [...(packs.get(row.packId) ?? []), row.packIndex]);
    for (const [pack, indexes] of packs) expect(indexes, pack).toEqual([0, 1]);
    expect(rows.filter((r) => r.orderId === null || r.orderError !== null)).toEqual([]);
  });

  it("a pack split over two pulls is numbered on: its second order is 1", async () => {
    // orders 1..4 now (order 4 opens the pack of 4 and 5), order 5 in the next pull
    const setup = await integrationOf(4);
    expect(await pullNow(api, setup.id)).toMatchObject({ Status: "Done", Result: { pulled: 4 } });
    await demoDb()
      .update(hubIntegrations)
      .set({ sandbox: JSON.stringify({ Orders: 5, SkuCodes: setup.skuCodes }) })
      .where(eq(hubIntegrations.companyIntegrationId, setup.id));
    expect(await pullNow(api, setup.id)).toMatchObject({ Status: "Done", Result: { pulled: 1 } });
    const rows = await rowsOf(setup.id);
    expect(rows.slice(3).map((r) => [r.channelOrderId, r.packIndex])).toEqual([
      ["SBX-4", 0],
      ["SBX-5", 1],
    ]);
    expect(rows[3]!.packId).toBe(rows[4]!.packId);
  });
});
