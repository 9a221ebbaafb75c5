import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOrders } from "../../drizzle/schema";
import { countedEnv, D1_QUERIES_PER_INVOCATION, type D1Calls, noCalls } from "../support/d1-counter";
import { newChannelIntegration } from "../support/hub-factories";
import { newTaxProfile } from "../support/order-factories";
import { companyOneApi, demoDb } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { adjust, newSku, newWarehouse } from "../support/stock-factories";
import { deliver, jobMessage, jobRow, storedJob, utf8 } from "../support/upload-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

describe("HubOrderPull of 600 sandbox orders through the consumer", () => {
  it("every invocation stays within D1's 1,000 calls; every mapped order created once", async () => {
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const profile = (await newTaxProfile(api)).Code;
    const shirt = await newSku(api, { Code: `BUD-${tag}-A`, Price: 59.9, TaxProfile: profile });
    const cap = await newSku(api, { Code: `BUD-${tag}-B`, Price: 39.9, TaxProfile: profile });
    const warehouse = await newWarehouse(api);
    await adjust(api, {
      IDSku: shirt.IDSku,
      IDWarehouse: warehouse,
      IDTypeMovement: 0,
      Quantity: 200,
      UnitCost: 10,
    });
    const integration = await newChannelIntegration(api, {
      IDWarehouseHub: warehouse,
      Sandbox: { Orders: 600, SkuCodes: [shirt.Code, cap.Code] },
    });
    const id = integration.IDCompanyIntegration;
    const jobId = await storedJob(utf8(crypto.randomUUID()), {
      type: "HubOrderPull",
      route: "hub-pull",
      params: JSON.stringify({ IDCompanyIntegration: id }),
    });
    const invocations: D1Calls[] = [];
    for (let i = 0; i < 60; i++) {
      const calls = noCalls();
      await deliver([{ body: jobMessage(jobId, "HubOrderPull") }], "finance-jobs", countedEnv(env, calls));
      invocations.push(calls);
      const job = await jobRow(jobId);
      if (job?.status === "Done" || job?.status === "Failed") break;
    }
    console.log(`HubOrderPull, 600 orders: D1 calls per invocation ${JSON.stringify(invocations)}`);
    expect(Math.max(...invocations.map((c) => c.total))).toBeLessThanOrEqual(D1_QUERIES_PER_INVOCATION);
    expect(await jobRow(jobId)).toMatchObject({ status: "Done" });
    const rows = await demoDb().select().from(hubOrders).where(eq(hubOrders.companyIntegrationId, id));
    expect(rows).toHaveLength(600);
    expect(rows.filter((r) => r.orderId !== null)).toHaveLength(600);
  });
});
