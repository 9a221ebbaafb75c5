import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOrders } from "../../../drizzle/schema";
import { integrationWithOrders, pullNow } from "../../support/hub-factories";
import { companyOneApi, demoDb, insertBrand } from "../../support/registry-factories";
import { seedAccounts } from "../../support/seed";
import { newSku } from "../../support/stock-factories";

/**
 * Every free-text filter of the API (`Search` of /brand, /sku and /orders/hub, and
 * `ConsumerNameCorporateName` of /orders/hub) takes any text its validation accepts: long text (D1
 * refuses LIKE patterns over 50 bytes), `%`, `_` and `\` (matched literally), emoji, CJK, RTL.
 */

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

/** A fresh prefix per test run (a retried test does not find the rows of its first run). */
let tag = "";
const freshTag = () => {
  tag = Math.random().toString(36).slice(2, 8).padEnd(6, "0");
};
/** The stored texts, one per row, each searched for below; `long` fills the filter's maximum. */
const texts = (max: number) => ({
  percent: `${tag} 100% algodão`,
  digits: `${tag} 1000 algodão`,
  underscore: `${tag} a_b`,
  letters: `${tag} axb`,
  backslash: `${tag} c:\\temp`,
  world: `${tag} Ação 🚀 中文 עברית`,
  long: `${tag} ${"ç".repeat(max - tag.length - 1)}`,
});
type Key = keyof ReturnType<typeof texts>;

/** Hostile searches and which stored rows each must find (contiguous text; only ASCII case is ignored). */
const searches = (max: number): [string, Key[]][] => [
  [`${tag} 100%`, ["percent"]],
  [`${tag} 1%`, []],
  [`${tag} 100% ALGOD`, ["percent"]],
  [`${tag} a_`, ["underscore"]],
  [`${tag} a_b`, ["underscore"]],
  [`${tag} c:\\`, ["backslash"]],
  [`${tag} C:\\TEMP`, ["backslash"]],
  [`${tag} c:\\\\`, []],
  [`${tag} ação 🚀`, ["world"]],
  [`${tag} AÇÃO 🚀 中文 עברית`, []],
  [`${tag} Ação 🚀 中文 עב`, ["world"]],
  [texts(max).long, ["long"]],
  [`${tag} ${"%".repeat(max - tag.length - 1)}`, []],
  [`${tag} ${"_".repeat(max - tag.length - 1)}`, []],
  [`${tag} ${"\\".repeat(max - tag.length - 1)}`, []],
  [`${tag} ${"🚀".repeat((max - tag.length - 1) / 2)}`, []],
  [`${tag} ${"中".repeat(max - tag.length - 1)}`, []],
];

/** Searches one filter with each hostile text: 200, and exactly the rows holding the text. */
async function expectSearches(
  max: number,
  ids: Record<Key, number>,
  found: (search: string) => Promise<{ status: number; ids: number[] }>,
) {
  for (const [search, keys] of searches(max)) {
    expect(search.length).toBeLessThanOrEqual(max);
    const answer = await found(search);
    expect({ search, status: answer.status }).toEqual({ search, status: 200 });
    expect({ search, ids: answer.ids.sort() }).toEqual({ search, ids: keys.map((k) => ids[k]).sort() });
  }
}

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

describe("free-text search filters", () => {
  it("GET /brand Search (200 characters)", async () => {
    freshTag();
    const ids = {} as Record<Key, number>;
    for (const [key, name] of Object.entries(texts(200))) ids[key as Key] = (await insertBrand(1, name)).id;
    await expectSearches(200, ids, async (search) => {
      const response = await api.get(`/brand?Search=${encodeURIComponent(search)}`);
      return {
        status: response.status,
        ids: response.status === 200 ? response.body.map((b) => b.IDBrand) : [],
      };
    });
  });

  it("GET /sku Search (100 characters)", async () => {
    freshTag();
    const ids = {} as Record<Key, number>;
    for (const [key, name] of Object.entries(texts(100)))
      ids[key as Key] = (await newSku(api, { Name: name })).IDSku;
    await expectSearches(100, ids, async (search) => {
      const response = await api.get(`/sku?Search=${encodeURIComponent(search)}`);
      return {
        status: response.status,
        ids: response.status === 200 ? response.body.map((s) => s.IDSku) : [],
      };
    });
  });

  it("GET /orders/hub ConsumerNameCorporateName and Search (100 characters)", async () => {
    freshTag();
    const setup = await integrationWithOrders(api, newSku, 7);
    expect(await pullNow(api, setup.integrationId)).toMatchObject({ Status: "Done" });
    const rows = await demoDb()
      .select({ id: hubOrders.id })
      .from(hubOrders)
      .where(eq(hubOrders.companyIntegrationId, setup.integrationId));
    expect(rows).toHaveLength(7);
    const ids = {} as Record<Key, number>;
    for (const [i, [key, name]] of Object.entries(texts(100)).entries()) {
      const id = rows[i]!.id;
      await demoDb().update(hubOrders).set({ consumerName: name }).where(eq(hubOrders.id, id));
      ids[key as Key] = id;
    }
    for (const filter of ["ConsumerNameCorporateName", "Search"]) {
      await expectSearches(100, ids, async (search) => {
        const response = await api.get(
          `/orders/hub?IDCompanyIntegration=${setup.integrationId}&${filter}=${encodeURIComponent(search)}`,
        );
        return {
          status: response.status,
          ids: response.status === 200 ? response.body.map((o) => o.IDIntegration) : [],
        };
      });
    }
  });
});
