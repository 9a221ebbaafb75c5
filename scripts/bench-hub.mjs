// Hub benchmark: N orders of the sandbox channel pulled into orders by the HubOrderPull job on the
// real queue consumer (the channel's pages fetched and checked, consumers found or created, SKUs
// mapped, each page's hub orders stored as one set with the cursor, then the page's orders created
// as one set through `createOrders` with their receivables), against the floor: the same N orders
// created through the orders domain's `createOrder` directly (a bench-only route of the same Worker
// on the same D1, inputs read before the clock starts). Then a second pull from the start, which
// must create nothing. Prints the pull's orders/s (target >= 1,000) and the most D1 calls one
// invocation of the jobs queue made (D1's limit: 1,000).
// Runs the bundled Worker in-process with Miniflare (local D1 and queues); nothing leaves the machine.
//   npm run bench:hub [-- --orders 10000] [-- --no-floor]   (--no-floor: the pull only, no ratio)
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { checkAtLeast, checkAtMost, checkInvariants, checkRatio, verdict } from "./lib/bench-report.mjs";
import {
  benchApi,
  bundleWorker,
  RESALE_TAX_PROFILE,
  seedCompany,
  startBenchWorker,
} from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: { orders: { type: "string", default: "10000" }, "no-floor": { type: "boolean", default: false } },
});
const ORDERS = Number(options.orders);
/** Issue 28: a hub pull of 10,000 sandbox orders at 1,000 orders/s or more. */
const MIN_ORDERS_PER_SECOND = 1000;
/** D1's queries per Worker invocation (Workers Paid). */
const D1_CALLS_LIMIT = 1000;
/** Orders the floor creates per request to the bench route. */
const FLOOR_CHUNK = 500;
const MAX_PULL_RATIO = 3;
const SKU_CODES = ["HUB-CAMISETA-P", "HUB-CAMISETA-M", "HUB-BONE", "HUB-CANECA"];

const count = (n) => n.toLocaleString("en-US");
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

async function fixtures(api) {
  const [profile] = await api.call("POST", "/tax/profile", RESALE_TAX_PROFILE);
  const [warehouse] = await api.call("POST", "/warehouse", { Name: "CD Marketplace" });
  for (const code of SKU_CODES)
    await api.call("POST", "/sku", {
      Code: code,
      Name: code,
      TaxProfile: profile.Code,
      Cost: 10,
      Price: 49.9,
    });
  const [payout] = await api.call("POST", "/type/order/payment", { Description: "Repasse do canal" });
  await api.call("PUT", `/type/order/payment/${payout.IDTypePayment}/rate`, [
    { Installments: 1, FirstDueDays: 15, IntervalDays: 30, NfTPag: "99" },
  ]);
  const [integration] = await api.call("POST", "/hub/integration", {
    Description: "Marketplace sandbox",
    IDTypeCompanyIntegration: 1,
    Credentials: { ClientId: "loja-bench", ClientSecret: "segredo-do-canal" },
    IDWarehouseHub: warehouse.IDWarehouse,
    IDTypePayment: payout.IDTypePayment,
    Sandbox: { Orders: ORDERS, SkuCodes: SKU_CODES },
  });
  return { integrationId: integration.IDCompanyIntegration, paymentTypeId: payout.IDTypePayment };
}

/** The jobs queue's invocations since the last reset (then reset): how many, their D1 calls, the most in one. */
async function jobsQueueCalls(mf) {
  const answer = await (await mf.dispatchFetch("http://bench.localhost/__bench/d1-calls?reset=1")).json();
  return answer.queues?.["finance-jobs"] ?? { invocations: 0, highest: 0, total: 0 };
}

/** POST /hub/integration/{id}/pull, then GET /job/{id} until the consumer ends it; answers the job and the ms. */
async function pull(api, integrationId, body = {}) {
  const started = performance.now();
  const { IDJob } = await api.call("POST", `/hub/integration/${integrationId}/pull`, body);
  for (;;) {
    const job = await api.call("GET", `/job/${IDJob}`);
    if (job.Status === "Done" || job.Status === "Failed") return { job, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function rowCounts(db, integrationId) {
  const one = async (sql, ...params) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .first()
    ).n;
  return {
    orders: await one("SELECT count(*) AS n FROM orders WHERE company_id = 1"),
    hubOrders: await one(
      "SELECT count(*) AS n FROM hub_orders WHERE company_integration_id = ?1",
      integrationId,
    ),
    linked: await one(
      "SELECT count(*) AS n FROM hub_orders WHERE company_integration_id = ?1 AND order_id IS NOT NULL",
      integrationId,
    ),
    receivables: await one("SELECT count(*) AS n FROM titles WHERE company_id = 1 AND type_account = 0"),
  };
}

/** The floor: the orders of the pulled hub orders created again through `createOrder`, FLOOR_CHUNK per request. */
async function createDirectly(mf, { integrationId, paymentTypeId }) {
  let afterId = 0;
  let elapsedMs = 0;
  let created = 0;
  for (;;) {
    const answer = await mf.dispatchFetch("http://bench.localhost/__bench/floor/create-orders", {
      method: "POST",
      body: JSON.stringify({ companyId: 1, integrationId, paymentTypeId, afterId, limit: FLOOR_CHUNK }),
    });
    if (answer.status !== 200) throw new Error(`floor: ${answer.status} ${await answer.text()}`);
    const chunk = await answer.json();
    if (chunk.created === 0) return { elapsedMs, created };
    elapsedMs += chunk.elapsedMs;
    created += chunk.created;
    afterId = chunk.lastId;
  }
}

async function main() {
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
  });
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);
    const setup = await fixtures(api);
    console.log(`load average before: ${load()}`);

    console.log(
      `1. Pull ${count(ORDERS)} sandbox channel orders into orders (HubOrderPull on the queue consumer)...`,
    );
    await jobsQueueCalls(mf);
    const first = await pull(api, setup.integrationId);
    const afterPull = await rowCounts(db, setup.integrationId);
    const calls = await jobsQueueCalls(mf);
    console.log(
      `   ${(first.ms / 1000).toFixed(1)} s from POST .../pull to Done: ${(ORDERS / (first.ms / 1000)).toFixed(0)} orders/s; Result ${JSON.stringify(first.job.Result)}`,
    );
    console.log(
      `   jobs queue: ${calls.invocations} invocations, ${count(calls.total)} D1 calls, at most ${count(calls.highest)} in one`,
    );
    verdict(
      first.job.Status === "Done" && afterPull.hubOrders === ORDERS && afterPull.linked === ORDERS,
      `pull: ${count(afterPull.hubOrders)} hub orders, ${count(afterPull.linked)} with their order, ${count(afterPull.receivables)} receivables (expected ${count(ORDERS)})`,
    );

    checkAtLeast("pull throughput", ORDERS / (first.ms / 1000), MIN_ORDERS_PER_SECOND, "orders/s");
    checkAtMost("pull: most D1 calls in one invocation", calls.highest, D1_CALLS_LIMIT, "calls");

    console.log("2. A second pull from the start (FromStart=1)...");
    const again = await pull(api, setup.integrationId, { FromStart: 1 });
    const afterRepull = await rowCounts(db, setup.integrationId);
    const againCalls = await jobsQueueCalls(mf);
    console.log(
      `   ${(again.ms / 1000).toFixed(1)} s; Result ${JSON.stringify(again.job.Result)}; at most ${count(againCalls.highest)} D1 calls in one invocation`,
    );
    checkAtMost("re-pull: most D1 calls in one invocation", againCalls.highest, D1_CALLS_LIMIT, "calls");
    verdict(
      again.job.Status === "Done" &&
        again.job.Result?.created === 0 &&
        JSON.stringify(afterRepull) === JSON.stringify(afterPull),
      `re-pull: ${afterRepull.orders - afterPull.orders} orders, ${afterRepull.hubOrders - afterPull.hubOrders} hub orders, ${afterRepull.receivables - afterPull.receivables} receivables created`,
    );

    await checkInvariants(mf, "after the pulls");
    if (options["no-floor"]) return;
    console.log(`3. Floor: the same ${count(ORDERS)} orders through createOrder directly...`);
    const floor = await createDirectly(mf, setup);
    console.log(
      `   ${(floor.elapsedMs / 1000).toFixed(1)} s: ${(floor.created / (floor.elapsedMs / 1000)).toFixed(0)} orders/s (${count(floor.created)} orders)`,
    );
    verdict(floor.created === ORDERS, `floor: ${count(floor.created)} orders created`);
    console.log(`load average after: ${load()}`);
    checkRatio(
      "pull per order against createOrder directly",
      first.ms / ORDERS,
      floor.elapsedMs / ORDERS,
      MAX_PULL_RATIO,
    );
  } finally {
    await worker.dispose();
  }
}

await main();
