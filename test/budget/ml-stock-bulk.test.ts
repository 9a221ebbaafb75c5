import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, mlStockOutbox } from "../../drizzle/schema";
import { mlDouble, mlDoubleItems } from "../support/ml-double";
import { companyOneApi, demoDb, unique } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { newWarehouse } from "../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

const LISTINGS = 100;
const VARIATIONS = 10;
const SKUS = LISTINGS * VARIATIONS;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** Runs `work` over `list`, `width` at a time. */
async function inParallel<T, R>(list: T[], width: number, work: (item: T, index: number) => Promise<R>) {
  const out: R[] = new Array(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) {
        const at = next++;
        out[at] = await work(list[at]!, at);
      }
    }),
  );
  return out;
}

/**
 * `count` SKUs of company 1, seeded in one statement: SKU creation has its own tests (test/routes/stock);
 * here it was a thousand requests, most of this file's time.
 */
async function seedSkus(count: number): Promise<{ IDSku: number }[]> {
  const prefix = unique("SKU").replace(/\s/g, "-");
  const codes = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const { results } = await env.DB_DEMO.prepare(
    "INSERT INTO products (company_id, code, name, price) SELECT 1, value, 'Produto ' || value, 2000 FROM json_each(?1) RETURNING id",
  )
    .bind(JSON.stringify(codes))
    .all<{ id: number }>();
  expect(results).toHaveLength(count);
  return results.map((row) => ({ IDSku: row.id }));
}

describe("published stock in bulk within the D1 budget (D1_BUDGET=enforce)", () => {
  it(`an inventory count of ${SKUS} SKUs mapped to ${LISTINGS} listings queues one row per listing in its own statements, and one PUT per listing publishes them all`, async () => {
    const sellerId = 890_000 + Math.floor(Math.random() * 90_000);
    const name = `bulk-${sellerId}`;
    const settings = {
      clientId: String(6_900_000 + sellerId),
      clientSecret: `segredo-${sellerId}`,
      sellerId,
      refreshToken: `TG-bulk-${sellerId}`,
    };
    const double = await mlDouble(name, settings);
    const items = mlDoubleItems(name);
    const warehouse = await newWarehouse(api);
    const created = await api.post("/hub/integration", {
      Description: unique("Mercado Livre"),
      IDTypeCompanyIntegration: 3,
      BaseUrl: double.baseUrl,
      IDWarehouseHub: warehouse,
      Credentials: {
        ClientId: settings.clientId,
        ClientSecret: settings.clientSecret,
        RefreshToken: settings.refreshToken,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const integrationId = created.body[0]!.IDCompanyIntegration as number;

    const skus = await seedSkus(SKUS);
    const base = sellerId * 1000;
    const listingOf = (l: number) => `MLB${base + l}`;
    const variationOf = (l: number, v: number) => (base + l) * 100 + v;
    await items.add(
      Array.from({ length: LISTINGS }, (_, l) => ({
        id: listingOf(l),
        title: `Anúncio ${l}`,
        price: 20,
        available_quantity: VARIATIONS,
        variations: Array.from({ length: VARIATIONS }, (_, v) => ({
          id: variationOf(l, v),
          price: 20,
          available_quantity: 1,
        })),
      })),
    );
    await inParallel(Array.from({ length: LISTINGS }), 8, async (_, l) => {
      const product = await api.post("/hub/product", {
        IDCompanyIntegration: integrationId,
        Title: `Anúncio ${l}`,
        ChannelProductId: listingOf(l),
        Variations: Array.from({ length: VARIATIONS }, (_, v) => ({
          IDSku: skus[l * VARIATIONS + v]!.IDSku,
          ChannelSkuCode: String(variationOf(l, v)),
        })),
      });
      expect(product.status, JSON.stringify(product.body)).toBe(200);
    });
    expect(
      await demoDb()
        .select()
        .from(mlStockOutbox)
        .where(eq(mlStockOutbox.companyIntegrationId, integrationId)),
    ).toEqual([]);

    // one count of every SKU (quantity 1 to 7), applied in one request
    const quantityOf = (i: number) => (i % 7) + 1;
    const inventory = (await api.post("/sku/inventory", { IDWarehouse: warehouse })).body
      .IDStockKeepingUnitInventorySummary as number;
    const counted = await api.post(`/sku/inventory/${inventory}/items`, {
      Items: skus.map((sku, i) => ({ IDSku: sku.IDSku, Quantity: quantityOf(i) })),
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    const applied = await api.post(`/sku/inventory/${inventory}/apply`);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ Items: SKUS, Movements: SKUS });

    // the publish jobs end Done (each delivery under the budget guard), the outbox empty of work
    const deadline = Date.now() + 120_000;
    let rows: (typeof mlStockOutbox.$inferSelect)[] = [];
    for (;;) {
      rows = await demoDb()
        .select()
        .from(mlStockOutbox)
        .where(eq(mlStockOutbox.companyIntegrationId, integrationId));
      const open = await demoDb()
        .select({ status: jobs.status })
        .from(jobs)
        .where(
          and(
            eq(jobs.type, "MlStockPublish"),
            eq(jobs.params, JSON.stringify({ IDCompanyIntegration: integrationId })),
          ),
        );
      if (
        rows.length === LISTINGS &&
        rows.every((r) => r.state !== "pending") &&
        open.every((j) => j.status === "Done" || j.status === "Failed")
      ) {
        expect(open.map((j) => j.status).filter((s) => s !== "Done")).toEqual([]);
        break;
      }
      if (Date.now() > deadline)
        throw new Error(`stock still pending: ${rows.filter((r) => r.state === "pending").length}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // one outbox row per listing, each published once with every variation's quantity
    expect(rows.map((r) => r.listingId).sort()).toEqual(
      Array.from({ length: LISTINGS }, (_, l) => listingOf(l)).sort(),
    );
    expect(rows.every((r) => r.state === "done" && r.sentSeq === r.seq)).toBe(true);
    const puts = (await items.state()).puts;
    expect(puts).toHaveLength(LISTINGS);
    for (let l = 0; l < LISTINGS; l++) {
      const put = puts.filter((p) => p.id === listingOf(l));
      expect(put).toHaveLength(1);
      expect(put[0]!.body).toEqual({
        variations: Array.from({ length: VARIATIONS }, (_, v) => ({
          id: variationOf(l, v),
          available_quantity: quantityOf(l * VARIATIONS + v),
        })),
      });
    }
  }, 300_000);
});
