// Hub benchmark: N orders of the sandbox channel pulled into orders by the HubOrderPull job on the
// real queue consumer (the channel's pages fetched and checked, consumers found or created, SKUs
// mapped, each page's hub orders stored as one set with the cursor, then the page's orders created
// as one set through `createOrders` with their receivables), against the floor: the same N orders
// created through the orders domain's `createOrder` directly (a bench-only route of the same Worker
// on the same D1, inputs read before the clock starts). Then a second pull from the start, which
// must create nothing. Prints the pull's orders/s (target >= 1,000) and the most D1 calls one
// invocation of the jobs queue made (D1's limit: 1,000).
// Then Mercado Livre (issue 26): the same number of orders, of the same SKUs, pulled through the
// Mercado Livre adapter from its local double (test/support/ml-double-server.mjs, forked here on
// loopback, seeded in bulk by test/support/ml-double-bench.mjs): `/orders/search` pages of 50, each
// order's billing info and shipment, packs; its orders/s and its time per order against the bound
// its calls set in the same run (the verdict, target <= 1.6x: a bare fetch from a Worker,
// scripts/lib/bare-fetch.mjs, times the calls per order, added to the sandbox pull's time per
// order), and beside it, as information, against the sandbox pull's (the earlier target, 1.5x).
// Then a re-pull of them all (FromStart=1) during which 1,000 notifications (`orders_v2` of its orders) are POSTed to the public notification route:
// their answer times p50/p99/max (target p99 < 100 ms), then every queued pull is awaited and
// nothing may be stored twice. The test suite's invariant checker runs after the pulls.
// Runs the bundled Worker in-process with Miniflare (local D1 and queues); nothing leaves the machine.
//   npm run bench:hub [-- --orders 10000] [-- --notifications 1000] [-- --no-floor] [-- --no-ml]
//   (--no-floor: no createOrder floor; --no-ml: the sandbox pull only)
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { benchShipment } from "../test/support/ml-double-bench.mjs";
import { BARE_FETCH_CALLS, BARE_FETCH_IN_FLIGHT, bareFetchMsPerCall } from "./lib/bare-fetch.mjs";
import {
  checkAtLeast,
  checkAtMost,
  checkBound,
  checkInvariants,
  checkRatio,
  percentile,
  verdict,
} from "./lib/bench-report.mjs";
import {
  benchApi,
  bundleWorker,
  RESALE_TAX_PROFILE,
  seedCompany,
  startBenchWorker,
} from "./lib/bench-worker.mjs";
import { cpuMs } from "./lib/cpu-time.mjs";

const { values: options } = parseArgs({
  options: {
    orders: { type: "string", default: "10000" },
    notifications: { type: "string", default: "1000" },
    "no-floor": { type: "boolean", default: false },
    "no-ml": { type: "boolean", default: false },
  },
});
const ORDERS = Number(options.orders);
const NOTIFICATIONS = Number(options.notifications);
/** Issue 28: a hub pull of 10,000 sandbox orders at 1,000 orders/s or more. */
const MIN_ORDERS_PER_SECOND = 1000;
/** D1's queries per Worker invocation (Workers Paid). */
const D1_CALLS_LIMIT = 1000;
/** Orders the floor creates per request to the bench route. */
const FLOOR_CHUNK = 500;
const MAX_PULL_RATIO = 3;
/**
 * The Mercado Livre pull's target: at most 1.6x the bound its calls set, measured in the same run
 * (the sandbox pull's time per order plus the calls per order times a bare fetch's time).
 */
const MAX_ML_RATIO_TO_BOUND = 1.6;
/** Issue 26: notifications answered with p99 under 100 ms while a pull runs. */
const MAX_NOTIFICATION_P99_MS = 100;
/** Notifications in flight at once (Mercado Livre sends many sellers' notifications in parallel). */
const NOTIFICATION_CONCURRENCY = 8;
const ML_SETTINGS = {
  clientId: "5503910054141466",
  clientSecret: "segredo-do-app-bench",
  sellerId: 123456789,
  refreshToken: "TG-bench-refresh",
};
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
  return {
    integrationId: integration.IDCompanyIntegration,
    paymentTypeId: payout.IDTypePayment,
    warehouseId: warehouse.IDWarehouse,
  };
}

/** The Mercado Livre double on loopback (forked as the test suite's globalSetup does). */
async function startMlDouble() {
  const child = fork(new URL("../test/support/ml-double-server.mjs", import.meta.url), { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`Mercado Livre double exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const control = async (path, body) => {
    const answer = await fetch(`${base}/_control/bench${path}`, {
      method: path === "" ? "PUT" : "POST",
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`Mercado Livre double ${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  return {
    baseUrl: `${base}/ml/bench`,
    control,
    stats: async () => (await fetch(`${base}/_stats`)).json(),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** A seller of the double with ORDERS orders of the bench's SKUs, and its integration (connected by credentials). */
async function mlFixtures(api, double, setup) {
  await double.control("", ML_SETTINGS);
  const seeded = await double.control("/bench-seed", { orders: ORDERS, skuCodes: SKU_CODES });
  const [integration] = await api.call("POST", "/hub/integration", {
    Description: "Mercado Livre (double)",
    IDTypeCompanyIntegration: 3,
    BaseUrl: double.baseUrl,
    Credentials: {
      ClientId: ML_SETTINGS.clientId,
      ClientSecret: ML_SETTINGS.clientSecret,
      RefreshToken: ML_SETTINGS.refreshToken,
    },
    IDWarehouseHub: setup.warehouseId,
    IDTypePayment: setup.paymentTypeId,
  });
  if (integration.AuthenticationStatus !== "Authenticated")
    throw new Error(`Mercado Livre integration: ${JSON.stringify(integration)}`);
  return { integrationId: integration.IDCompanyIntegration, firstOrderId: seeded.first };
}

/**
 * NOTIFICATIONS `orders_v2` notifications of the seller's orders POSTed to the public route,
 * NOTIFICATION_CONCURRENCY at a time: each one's answer time (ms) and the answers' results.
 */
async function sendNotifications(mf, firstOrderId) {
  const times = [];
  const results = {};
  let next = 0;
  const one = async () => {
    for (let n = next++; n < NOTIFICATIONS; n = next++) {
      const body = JSON.stringify({
        _id: `bench-${n}`,
        resource: `/orders/${firstOrderId + ((n * 7) % ORDERS)}`,
        user_id: ML_SETTINGS.sellerId,
        topic: "orders_v2",
        application_id: Number(ML_SETTINGS.clientId),
        attempts: 1,
        sent: new Date().toISOString(),
        received: new Date().toISOString(),
      });
      const started = performance.now();
      const answer = await mf.dispatchFetch("http://bench.localhost/1.0/hub/mercado-livre/notifications", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      const text = await answer.text();
      times.push(performance.now() - started);
      const key = answer.status === 200 ? JSON.parse(text).Result : `HTTP ${answer.status}`;
      results[key] = (results[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: NOTIFICATION_CONCURRENCY }, one));
  return { times, results };
}

/** Waits until no job of the account is Pending or Processing (the pulls the notifications queued). */
async function jobsSettled(db) {
  for (;;) {
    const open = await db
      .prepare("SELECT count(*) AS n FROM jobs WHERE status IN ('Pending', 'Processing')")
      .first();
    if (open.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Steps 3 to 5: the Mercado Livre pull against the sandbox's, then notifications during a re-pull. */
async function mercadoLivre({ mf, db, api, setup, sandboxMs, sandboxCpuMs }) {
  const double = await startMlDouble();
  try {
    const ml = await mlFixtures(api, double, setup);
    console.log(
      `3. Pull ${count(ORDERS)} Mercado Livre orders from its local double (/orders/search, billing info, shipments, packs)...`,
    );
    const before = await rowCounts(db, ml.integrationId);
    await jobsQueueCalls(mf);
    const doubleBefore = await double.stats();
    const cpuBefore = cpuMs();
    const first = await pull(api, ml.integrationId);
    const pullCpuMs = cpuMs() - cpuBefore;
    const doubleAfter = await double.stats();
    const after = await rowCounts(db, ml.integrationId);
    const calls = await jobsQueueCalls(mf);
    const perSecond = ORDERS / (first.ms / 1000);
    console.log(
      `   ${(first.ms / 1000).toFixed(1)} s from POST .../pull to Done: ${perSecond.toFixed(0)} orders/s; Result ${JSON.stringify(first.job.Result)}`,
    );
    console.log(
      `   jobs queue: ${calls.invocations} invocations, ${count(calls.total)} D1 calls, at most ${count(calls.highest)} in one`,
    );
    // the double is a Node process on the same machine: its own CPU time is part of the pull's
    const doubleCalls = doubleAfter.requests - doubleBefore.requests - 1;
    const doubleMs = doubleAfter.cpuMs - doubleBefore.cpuMs;
    console.log(
      `   the double answered ${count(doubleCalls)} calls with ${(doubleMs / 1000).toFixed(1)} s of its own CPU (${(doubleMs / doubleCalls).toFixed(2)} ms per call): ${(doubleMs / sandboxMs).toFixed(2)}x the sandbox pull's whole time`,
    );
    // CPU of the bench, Miniflare's workerd and the double (the machine has 2 cores): varies less than wall time
    console.log(
      `   CPU: ${(pullCpuMs / 1000).toFixed(1)} s in all (${((pullCpuMs - doubleMs) / 1000).toFixed(1)} s the Worker's runtime and the bench, ${(doubleMs / 1000).toFixed(1)} s the double), against ${(sandboxCpuMs / 1000).toFixed(1)} s for the sandbox pull: ${(pullCpuMs / sandboxCpuMs).toFixed(2)}x (${((pullCpuMs - doubleMs) / sandboxCpuMs).toFixed(2)}x without the double)`,
    );
    verdict(
      first.job.Status === "Done" &&
        after.hubOrders === ORDERS &&
        after.linked === ORDERS &&
        after.orders - before.orders === ORDERS,
      `Mercado Livre pull: ${count(after.hubOrders)} hub orders, ${count(after.linked)} with their order, ${count(after.orders - before.orders)} orders created (expected ${count(ORDERS)})`,
    );
    checkAtMost(
      "Mercado Livre pull: most D1 calls in one invocation",
      calls.highest,
      D1_CALLS_LIMIT,
      "calls",
    );
    // what the calls alone cost the runtime: the least any pull making them pays, whatever it does
    // answered with a shipment as the double answers it (a shipped one: its tracking number filled)
    const perCall = await bareFetchMsPerCall({ body: JSON.stringify(benchShipment(0, 40_000_000_000)) });
    const callsPerOrder = doubleCalls / ORDERS;
    const sandboxPerOrder = sandboxMs / ORDERS;
    const bound = sandboxPerOrder + callsPerOrder * perCall;
    const reachable = bound / sandboxPerOrder;
    const mlPerOrder = first.ms / ORDERS;
    console.log(
      `   a bare fetch from a Worker (${BARE_FETCH_CALLS} calls, ${BARE_FETCH_IN_FLIGHT} in flight, nothing but the call and JSON.parse): ${perCall.toFixed(3)} ms per call; ${callsPerOrder.toFixed(2)} calls per order make ${(callsPerOrder * perCall).toFixed(2)} ms per order: the bound (the sandbox pull per order plus the calls) is ${bound.toFixed(2)} ms per order, ${reachable.toFixed(2)}x the sandbox pull`,
    );
    // the verdict: the pull against the bound its calls set, measured in the same run; the ratio to
    // the sandbox pull (the earlier floor, whose target was 1.5x) stays as information
    checkBound("Mercado Livre pull per order", mlPerOrder, bound, MAX_ML_RATIO_TO_BOUND, {
      of: "calls'",
      floor: sandboxPerOrder,
      size: `${count(ORDERS)} orders`,
    });

    console.log(
      `4. ${count(NOTIFICATIONS)} notifications (orders_v2) POSTed while a re-pull of the ${count(ORDERS)} orders runs...`,
    );
    const quiet = await sendNotifications(mf, ml.firstOrderId);
    console.log(
      `   with no pull running: p50 ${percentile(quiet.times, 50).toFixed(1)} ms, p99 ${percentile(quiet.times, 99).toFixed(1)} ms, max ${Math.max(...quiet.times).toFixed(1)} ms`,
    );
    await jobsSettled(db);
    const { IDJob } = await api.call("POST", `/hub/integration/${ml.integrationId}/pull`, { FromStart: 1 });
    const sent = await sendNotifications(mf, ml.firstOrderId);
    const during = await api.call("GET", `/job/${IDJob}`);
    const p50 = percentile(sent.times, 50);
    const p99 = percentile(sent.times, 99);
    const max = Math.max(...sent.times);
    console.log(
      `   answers ${JSON.stringify(sent.results)}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; the re-pull ${during.Status} at ${count(during.Processed ?? 0)} orders when the last was answered`,
    );
    verdict(
      during.Status !== "Done" && during.Status !== "Failed",
      `a pull ran while the ${count(NOTIFICATIONS)} notifications were answered (re-pull ${during.Status})`,
    );
    verdict(
      sent.results.queued === NOTIFICATIONS,
      `notifications: ${count(sent.results.queued ?? 0)} of ${count(NOTIFICATIONS)} answered 200 queued`,
    );
    checkAtMost("notification answer p99 during a pull", p99, MAX_NOTIFICATION_P99_MS, "ms", {
      size: `${count(NOTIFICATIONS)} notifications`,
    });
    const started = performance.now();
    await jobsSettled(db);
    const again = await api.call("GET", `/job/${IDJob}`);
    const settled = await rowCounts(db, ml.integrationId);
    const pending = await db
      .prepare(
        "SELECT count(*) AS n FROM ml_notifications WHERE company_integration_id = ?1 AND state = 'pending'",
      )
      .bind(ml.integrationId)
      .first();
    console.log(
      `5. Every queued pull ended ${((performance.now() - started) / 1000).toFixed(1)} s later; re-pull Result ${JSON.stringify(again.Result)}; ${pending.n} notifications still pending`,
    );
    verdict(
      again.Status === "Done" && JSON.stringify(settled) === JSON.stringify(after) && pending.n === 0,
      `re-pull and notified pulls: ${settled.orders - after.orders} orders, ${settled.hubOrders - after.hubOrders} hub orders created; ${pending.n} notifications left pending`,
    );
  } finally {
    await double.stop();
  }
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
    const cpuBefore = cpuMs();
    const first = await pull(api, setup.integrationId);
    const sandboxCpuMs = cpuMs() - cpuBefore;
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

    if (!options["no-ml"]) await mercadoLivre({ mf, db, api, setup, sandboxMs: first.ms, sandboxCpuMs });
    await checkInvariants(mf, "after the pulls");
    if (options["no-floor"]) return;
    console.log(`6. Floor: the same ${count(ORDERS)} orders through createOrder directly...`);
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
