import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hubOrders, jobs, orders } from "../../drizzle/schema";
import { drizzleFor } from "../../src/db/client";
import {
  CANCELLATIONS_PER_CHUNK,
  pendingCancellations,
} from "../../src/domain/hub/mercado-livre/order-updates";
import { CHUNKS_PER_INVOCATION, D1_CALLS_PER_CHUNK } from "../../src/domain/jobs/budget";
import { changeOrder } from "../../src/domain/orders/change-order";
import { ORDER_STATUS } from "../../src/domain/orders/order-statuses";
import { countedEnv, noCalls } from "../../src/platform/d1-counter";
import { connectMlSeller } from "../support/ml-double";
import { newTaxProfile } from "../support/order-factories";
import { companyOneApi, demoDb, unique } from "../support/registry-factories";
import { seedAccounts } from "../support/seed";
import { adjust, newSku, newWarehouse } from "../support/stock-factories";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

/** A pull's page at its largest (PULL_PAGE_SIZE): every order of it is updated by the second pull. */
const ORDERS = 500;
/**
 * Two and a half invocations' worth of cancellations (CHUNKS_PER_INVOCATION chunks of
 * CANCELLATIONS_PER_CHUNK at most: 36), so they are carried in the job's cursor over three
 * deliveries at least; the 300 of before proved no more and cost 20 s of the suite.
 */
const CANCELLED = Math.ceil(2.5 * CHUNKS_PER_INVOCATION * CANCELLATIONS_PER_CHUNK);

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** POST .../pull, then the job until the real queue consumer ends it (over as many deliveries as it takes). */
async function pullToEnd(integrationId: number) {
  const response = await api.post(`/hub/integration/${integrationId}/pull`, {});
  expect(response.status).toBe(200);
  const deadline = Date.now() + 150_000;
  for (;;) {
    const job = await api.get<{
      Status: string;
      Result: Record<string, number>;
      FailureReason: string | null;
    }>(`/job/${response.body.IDJob}`);
    if (job.body.Status === "Done" || job.body.Status === "Failed")
      return { id: response.body.IDJob, ...job.body };
    if (Date.now() > deadline) throw new Error(`pull still ${job.body.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("Mercado Livre cancellations within the pull's D1 budget (D1_BUDGET=enforce)", () => {
  it(`a page of ${ORDERS} updates, ${CANCELLED} of them cancellations: every order Cancelled, no invocation over 1,000 calls`, async () => {
    const profile = await newTaxProfile(api);
    const sku = await newSku(api, {
      Code: unique("ML-BUDGET").replace(/\s/g, "-"),
      TaxProfile: profile.Code,
      Price: 50,
      Cost: 10,
    });
    const warehouse = await newWarehouse(api);
    await adjust(api, {
      IDSku: sku.IDSku,
      IDWarehouse: warehouse,
      IDTypeMovement: 0,
      Quantity: 5000,
      UnitCost: 10,
    });
    const { sellerId, integrationId, control } = await connectMlSeller(api, {
      prefix: "budget",
      fields: { IDWarehouseHub: warehouse },
    });
    const seeded = (await (
      await control("/bench-seed", "POST", {
        orders: ORDERS,
        skuCodes: [sku.Code],
        firstId: 2_000_030_000_000_000 + sellerId * 1000,
      })
    ).json()) as { first: number };
    const first = await pullToEnd(integrationId);
    expect(first.Status, first.FailureReason ?? "").toBe("Done");
    const rows = await demoDb()
      .select()
      .from(hubOrders)
      .where(eq(hubOrders.companyIntegrationId, integrationId));
    expect(rows).toHaveLength(ORDERS);
    expect(rows.filter((row) => row.orderId === null).map((row) => row.orderError)).toEqual([]);

    // the channel changes every order: CANCELLED are cancelled, the others get a later update
    const ids = Array.from({ length: ORDERS }, (_, n) => seeded.first + n);
    const change = (list: number[], status: string) =>
      control("/bench-status", "POST", { ids: list, status });
    await change(ids.slice(0, CANCELLED), "cancelled");
    await change(ids.slice(CANCELLED), "paid");
    const job = await pullToEnd(integrationId);
    expect(job.Status, job.FailureReason ?? "").toBe("Done");
    expect(job.Result).toMatchObject({ pulled: ORDERS, updated: ORDERS, created: 0 });

    const cancelledIds = new Set(ids.slice(0, CANCELLED).map(String));
    const after = await demoDb()
      .select()
      .from(hubOrders)
      .where(eq(hubOrders.companyIntegrationId, integrationId));
    const orderIds = (want: boolean) =>
      after.filter((row) => cancelledIds.has(row.channelOrderId) === want).map((row) => row.orderId!);
    // D1 binds at most 100 parameters a statement: read them 90 at a time
    const statuses = async (list: number[]) => {
      const out: number[] = [];
      for (let at = 0; at < list.length; at += 90) {
        const rows = await demoDb()
          .select({ statusId: orders.statusId })
          .from(orders)
          .where(inArray(orders.id, list.slice(at, at + 90)));
        out.push(...rows.map((row) => row.statusId));
      }
      return out;
    };
    const moved = await statuses(orderIds(true));
    expect(moved).toHaveLength(CANCELLED);
    expect(moved.every((status) => status === ORDER_STATUS.cancelled)).toBe(true);
    expect((await statuses(orderIds(false))).some((status) => status === ORDER_STATUS.cancelled)).toBe(false);
    // more cancellations than one delivery's budget: carried in the job's cursor, then emptied
    const [row] = await demoDb()
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, job.id)));
    expect(row!.attempts).toBeGreaterThanOrEqual(3);
    expect(pendingCancellations(row!.cursor)).toEqual([]);

    // what one cancellation costs: an order still open, moved as the pull moves them, counted
    const open = orderIds(false)[0]!;
    const calls = noCalls();
    await changeOrder(drizzleFor(countedEnv(env, calls).DB_DEMO), { companyId: 1, userId: null }, open, {
      header: {},
      statusId: ORDER_STATUS.cancelled,
    });
    expect(await statuses([open])).toEqual([ORDER_STATUS.cancelled]);
    console.log(`one cancellation through changeOrder: ${calls.total} D1 calls`);
    expect(calls.total * CANCELLATIONS_PER_CHUNK).toBeLessThanOrEqual(D1_CALLS_PER_CHUNK);
  }, 200_000);
});
