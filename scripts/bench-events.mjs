// Events benchmark: webhook deliveries of the outbox to a real receiver on loopback.
// 1. End to end: N transfers over HTTP, each writing its `transfer.created` event in its own batch;
//    the events queue delivers them to a receiver answering 200. Events/s and p50/p99 from the
//    change (the event row's database time) to its delivery (the receiver's clock, same machine).
// 2. Delivery against its floor: N events already in the outbox, delivered by the consumer, against
//    a plain `fetch` POST of the same N bodies from the Worker, as many at a time as a consumer batch.
// 3. A receiver failing half of the requests at random: every event still delivered (retries), and
//    none delivered twice after a 2xx (the receiver counts the 2xx it answered per X-Event-Id).
// Runs the bundled Worker in-process with Miniflare (local D1 and queues); nothing leaves the machine.
//   npm run bench:events [-- --events 10000 --concurrency 16]
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { checkAtMost, checkRatio, percentile, verdict } from "./lib/bench-report.mjs";
import { benchApi, bundleWorker, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    events: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "16" },
    seed: { type: "string", default: "17" },
  },
});
const EVENTS = Number(options.events);
const CONCURRENCY = Number(options.concurrency);
/** Messages a consumer run handles at once (wrangler.toml's max_batch_size of finance-events). */
const CONSUMER_BATCH = 50;
const MAX_DELIVERY_RATIO = 10;
const TIMEOUT_MS = 15 * 60 * 1000;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A small seeded generator, so the half-failing receiver fails the same requests on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The receiver: per path, what it answers; per event id, the 2xx it answered and when the first was. */
async function startReceiver() {
  const paths = new Map();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const path = paths.get(request.url) ?? { fails: () => false, ok: new Map(), requests: 0, bodies: [] };
      paths.set(request.url, path);
      path.requests++;
      if (path.fails()) {
        response.writeHead(500).end();
        return;
      }
      const id = request.headers["x-event-id"];
      const seen = path.ok.get(id);
      if (seen) seen.count++;
      else {
        path.ok.set(id, { count: 1, at: Date.now() });
        if (path.keepBodies) path.bodies.push(Buffer.concat(chunks).toString("utf8"));
      }
      response.writeHead(200).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    path(name, settings = {}) {
      const path = { fails: () => false, ok: new Map(), requests: 0, bodies: [], ...settings };
      paths.set(`/${name}`, path);
      return { url: `${base}/${name}`, state: path };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until(check, what) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Counts of the deliveries of a webhook by status. */
async function deliveryStatuses(db, webhookId) {
  const { results } = await db
    .prepare("SELECT status, count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?1 GROUP BY status")
    .bind(webhookId)
    .all();
  return Object.fromEntries(results.map((r) => [r.status, r.n]));
}

/** `count` events written straight into the outbox (as a change's batch writes them), created now. */
async function fillOutbox(db, prefix, count) {
  await db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?1)
       INSERT INTO events (company_id, uid, type, payload)
       SELECT 1, ?2 || i, 'transfer.created',
         json_object('IDTransfer', i + 1, 'IDBankFrom', 1, 'IDBankTo', 2, 'Value', 10.5, 'Description', 'Transferência entre contas')
       FROM seq`,
    )
    .bind(count, prefix)
    .run();
}

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const receiver = await startReceiver();
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
    bindings: { WEBHOOK_RETRY_BASE_SECONDS: "0", WEBHOOK_MAX_ATTEMPTS: "40", WEBHOOK_TIMEOUT_MS: "10000" },
  });
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);
    const [from] = await api.call("POST", "/accounts/bank-account", { Bank: "Banco A", BankNumber: "001" });
    const accounts = await api.call("POST", "/accounts/bank-account", { Bank: "Banco B", BankNumber: "341" });
    const to = accounts.find((a) => a.IDBankAccount !== from.IDBankAccount);
    const webhook = async (url) =>
      (await api.call("POST", "/webhook", { Url: url, Events: ["transfer.created"], MaxPerSecond: 1000 }))[0];

    // 1. end to end
    const endToEnd = receiver.path("end-to-end");
    const hook1 = await webhook(endToEnd.url);
    console.log(
      `1. ${EVENTS.toLocaleString("en-US")} transfers over HTTP (${CONCURRENCY} at a time), each with its event...`,
    );
    const t0 = Date.now();
    let next = 0;
    const lane = async () => {
      while (next < EVENTS) {
        next++;
        await api.call("POST", "/accounts/bank-statement/transfer", {
          IDBankFrom: from.IDBankAccount,
          IDBankTo: to.IDBankAccount,
          Value: 10.5,
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const changesMs = Date.now() - t0;
    await until(() => endToEnd.state.ok.size >= EVENTS, "the end-to-end deliveries");
    const lastAt = Math.max(...[...endToEnd.state.ok.values()].map((v) => v.at));
    const { results: created } = await db
      .prepare("SELECT uid, created_ms FROM events WHERE type = 'transfer.created' AND uid LIKE 'evt_%'")
      .all();
    const latencies = created
      .filter((e) => endToEnd.state.ok.has(e.uid))
      .map((e) => endToEnd.state.ok.get(e.uid).at - e.created_ms);
    const firstChange = Math.min(...created.map((e) => e.created_ms));
    console.log(
      `   changes written in ${seconds(changesMs)}; all ${EVENTS.toLocaleString("en-US")} delivered ${seconds(lastAt - firstChange)} after the first change: ${(EVENTS / ((lastAt - firstChange) / 1000)).toFixed(0)} events/s`,
    );
    console.log(
      `   change to delivery: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (${latencies.length} events)`,
    );
    const twice1 = [...endToEnd.state.ok.values()].filter((v) => v.count > 1).length;
    verdict(twice1 === 0, `end to end: ${twice1} events delivered twice after a 2xx`);
    verdict(
      endToEnd.state.ok.size === EVENTS,
      `end to end: ${endToEnd.state.ok.size} of ${EVENTS} delivered`,
    );
    await api.call("PUT", `/webhook/${hook1.IDWebhook}`, { Active: 0 });

    // 2. delivery against raw fetch of the same bodies
    const outbox = receiver.path("outbox", { keepBodies: true });
    const hook2 = await webhook(outbox.url);
    console.log(
      `2. ${EVENTS.toLocaleString("en-US")} events already in the outbox, delivered by the consumer...`,
    );
    await fillOutbox(db, "evt_outbox_", EVENTS);
    const t2 = performance.now();
    await api.call("PUT", `/webhook/${hook2.IDWebhook}`, { Description: "dispara" }); // a write asks for the dispatch
    await until(() => outbox.state.ok.size >= EVENTS, "the outbox deliveries");
    const consumerMs = performance.now() - t2;
    await api.call("PUT", `/webhook/${hook2.IDWebhook}`, { Active: 0 });
    const floor = receiver.path("floor");
    const raw = await (
      await mf.dispatchFetch("http://bench.localhost/__bench/floor/raw-fetch", {
        method: "POST",
        body: JSON.stringify({ url: floor.url, bodies: outbox.state.bodies, concurrency: CONSUMER_BATCH }),
      })
    ).json();
    if (raw.failed > 0) throw new Error(`raw fetch: ${raw.failed} failed`);
    console.log(
      `   consumer ${seconds(consumerMs)} (${(EVENTS / (consumerMs / 1000)).toFixed(0)} events/s); raw fetch of the same bodies ${seconds(raw.elapsedMs)} (${(EVENTS / (raw.elapsedMs / 1000)).toFixed(0)}/s)`,
    );
    checkRatio("Delivery of the outbox against raw fetch", consumerMs, raw.elapsedMs, MAX_DELIVERY_RATIO);

    // 3. a receiver failing half of the requests
    const draw = random(Number(options.seed));
    const flaky = receiver.path("flaky", { fails: () => draw() < 0.5 });
    const hook3 = await webhook(flaky.url);
    console.log(`3. ${EVENTS.toLocaleString("en-US")} events to a receiver failing half of the requests...`);
    await fillOutbox(db, "evt_flaky_", EVENTS);
    await api.call("PUT", `/webhook/${hook3.IDWebhook}`, { Description: "dispara" });
    await until(async () => {
      const s = await deliveryStatuses(db, hook3.IDWebhook);
      return (s.Delivered ?? 0) + (s.Failed ?? 0) + (s.Cancelled ?? 0) >= EVENTS;
    }, "the flaky deliveries");
    const statuses = await deliveryStatuses(db, hook3.IDWebhook);
    const twice3 = [...flaky.state.ok.values()].filter((v) => v.count > 1).length;
    console.log(
      `   ${flaky.state.requests.toLocaleString("en-US")} requests (${(flaky.state.requests / EVENTS).toFixed(2)} per event), deliveries ${JSON.stringify(statuses)}`,
    );
    verdict(
      flaky.state.ok.size === EVENTS,
      `half failing: ${flaky.state.ok.size} of ${EVENTS} delivered (none lost)`,
    );
    verdict(twice3 === 0, `half failing: ${twice3} events delivered twice after a 2xx`);
    checkAtMost("half failing: dead ends", statuses.Failed ?? 0, 0, "deliveries");
    console.log(`Total time ${seconds(performance.now() - started)}`);
  } finally {
    await worker.dispose();
    await receiver.close();
  }
}

await main();
