// Events benchmark: webhook deliveries of the outbox to a real receiver on loopback.
// 1. End to end: N transfers over HTTP, each writing its `transfer.created` event in its own batch;
//    the events queue delivers them to a receiver answering 200. Events/s and p50/p99 from the
//    change (the event row's database time) to its delivery (the receiver's clock, same machine).
// 2. Delivery against its floor, at each size of --events, --runs times (the verdict on the median):
//    N events already in the outbox, fanned out and delivered by the events consumer, against a plain
//    `fetch` POST of the same N bodies from the Worker, as many at a time as a consumer batch; with
//    the highest count of D1 calls one consumer invocation made (D1 allows 1,000 per invocation).
// 3. A receiver failing half of the requests at random: every event still delivered (retries), and
//    none delivered twice after a 2xx (the receiver counts the 2xx it answered per X-Event-Id).
// Runs the bundled Worker in-process with Miniflare (local D1 and queues); nothing leaves the machine.
//   npm run bench:events [-- --events 2000,10000 --runs 3 --end-to-end 2000 --concurrency 16]
//   npm run bench:events -- --only delivery      (section 2 alone)
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { checkAtMost, checkD1Calls, checkRatio, median, percentile, verdict } from "./lib/bench-report.mjs";
import {
  benchApi,
  bundleWorker,
  queueConsumerOf,
  seedCompany,
  startBenchWorker,
} from "./lib/bench-worker.mjs";
import { cpuMs } from "./lib/cpu-time.mjs";

const { values: options } = parseArgs({
  options: {
    events: { type: "string", default: "2000,10000" },
    runs: { type: "string", default: "3" },
    "end-to-end": { type: "string", default: "2000" },
    only: { type: "string" },
    concurrency: { type: "string", default: "16" },
    seed: { type: "string", default: "17" },
  },
});
const SIZES = options.events.split(",").map(Number);
const RUNS = Number(options.runs);
const END_TO_END = Number(options["end-to-end"]);
const CONCURRENCY = Number(options.concurrency);
/** Messages a consumer run handles at once (wrangler.toml's max_batch_size of finance-events). */
const CONSUMER_BATCH = queueConsumerOf("finance-events").maxBatchSize;
const MAX_DELIVERY_RATIO = 5;
/** The webhook's `MaxPerSecond` (the API's largest): deliveries of one endpoint per second at most. */
const MAX_PER_SECOND = 1000;
/** D1's queries per Worker invocation (Workers Paid). */
const D1_LIMIT = 1000;
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

const fmt = (n) => n.toLocaleString("en-US");

/** Section 1: END_TO_END transfers over HTTP, each with its event, delivered as they come. */
async function endToEnd({ api, db, receiver, webhook, from, to }) {
  const path = receiver.path("end-to-end");
  const hook = await webhook(path.url);
  console.log(`1. ${fmt(END_TO_END)} transfers over HTTP (${CONCURRENCY} at a time), each with its event...`);
  const t0 = Date.now();
  let next = 0;
  const lane = async () => {
    while (next < END_TO_END) {
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
  await until(() => path.state.ok.size >= END_TO_END, "the end-to-end deliveries");
  const lastAt = Math.max(...[...path.state.ok.values()].map((v) => v.at));
  const { results: created } = await db
    .prepare("SELECT uid, created_ms FROM events WHERE type = 'transfer.created' AND uid LIKE 'evt_%'")
    .all();
  const latencies = created
    .filter((e) => path.state.ok.has(e.uid))
    .map((e) => path.state.ok.get(e.uid).at - e.created_ms);
  const firstChange = Math.min(...created.map((e) => e.created_ms));
  console.log(
    `   changes written in ${seconds(changesMs)}; all ${fmt(END_TO_END)} delivered ${seconds(lastAt - firstChange)} after the first change: ${(END_TO_END / ((lastAt - firstChange) / 1000)).toFixed(0)} events/s`,
  );
  console.log(
    `   change to delivery: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (${latencies.length} events)`,
  );
  const twice = [...path.state.ok.values()].filter((v) => v.count > 1).length;
  verdict(twice === 0, `end to end: ${twice} events delivered twice after a 2xx`);
  verdict(path.state.ok.size === END_TO_END, `end to end: ${path.state.ok.size} of ${END_TO_END} delivered`);
  await api.call("PUT", `/webhook/${hook.IDWebhook}`, { Active: 0 });
}

/** The D1 calls of the events queue's invocations since the last reset (then reset). */
async function eventsQueueCalls(mf) {
  const answer = await (await mf.dispatchFetch("http://bench.localhost/__bench/d1-calls?reset=1")).json();
  return answer.queues["finance-events"] ?? { invocations: 0, highest: 0, total: 0 };
}

/** Section 2, one run: `events` outbox events delivered by the consumer, then their raw fetch. */
async function deliveryRun({ mf, db, api, receiver, webhook }, events, run) {
  const name = `outbox-${events}-${run}`;
  const outbox = receiver.path(name, { keepBodies: true });
  const hook = await webhook(outbox.url);
  await fillOutbox(db, `evt_${name}_`, events);
  await eventsQueueCalls(mf);
  const c0 = cpuMs();
  const t0 = performance.now();
  await api.call("PUT", `/webhook/${hook.IDWebhook}`, { Description: "dispara" }); // a write asks for the dispatch
  await until(() => outbox.state.ok.size >= events, "the outbox deliveries");
  const deliveryMs = performance.now() - t0;
  const deliveryCpu = cpuMs() - c0;
  await api.call("PUT", `/webhook/${hook.IDWebhook}`, { Active: 0 });
  const calls = await eventsQueueCalls(mf);
  const twice = [...outbox.state.ok.values()].filter((v) => v.count > 1).length;
  if (twice > 0) throw new Error(`${twice} events delivered twice after a 2xx`);
  const floor = receiver.path(`floor-${events}-${run}`);
  const c1 = cpuMs();
  const raw = await (
    await mf.dispatchFetch("http://bench.localhost/__bench/floor/raw-fetch", {
      method: "POST",
      body: JSON.stringify({ url: floor.url, bodies: outbox.state.bodies, concurrency: CONSUMER_BATCH }),
    })
  ).json();
  if (raw.failed > 0) throw new Error(`raw fetch: ${raw.failed} failed`);
  const rawCpu = cpuMs() - c1;
  const figures = { events, rawMs: raw.elapsedMs, deliveryMs, ratio: deliveryMs / raw.elapsedMs, calls };
  console.log(
    `   run ${run}: delivery ${deliveryMs.toFixed(0)} ms (${(events / (deliveryMs / 1000)).toFixed(0)} events/s), raw fetch ${raw.elapsedMs.toFixed(0)} ms = ${figures.ratio.toFixed(2)}x; CPU of the processes: delivery ${deliveryCpu.toFixed(0)} ms, raw fetch ${rawCpu.toFixed(0)} ms = ${(deliveryCpu / rawCpu).toFixed(2)}x; D1 calls per invocation: highest ${calls.highest} (${calls.invocations} invocations, ${calls.total} calls)`,
  );
  return figures;
}

/** Section 3: END_TO_END events to a receiver failing half of the requests. */
async function halfFailing({ db, api, receiver, webhook }) {
  const draw = random(Number(options.seed));
  const flaky = receiver.path("flaky", { fails: () => draw() < 0.5 });
  const hook = await webhook(flaky.url);
  console.log(`3. ${fmt(END_TO_END)} events to a receiver failing half of the requests...`);
  await fillOutbox(db, "evt_flaky_", END_TO_END);
  await api.call("PUT", `/webhook/${hook.IDWebhook}`, { Description: "dispara" });
  await until(async () => {
    const s = await deliveryStatuses(db, hook.IDWebhook);
    return (s.Delivered ?? 0) + (s.Failed ?? 0) + (s.Cancelled ?? 0) >= END_TO_END;
  }, "the flaky deliveries");
  const statuses = await deliveryStatuses(db, hook.IDWebhook);
  const twice = [...flaky.state.ok.values()].filter((v) => v.count > 1).length;
  console.log(
    `   ${fmt(flaky.state.requests)} requests (${(flaky.state.requests / END_TO_END).toFixed(2)} per event), deliveries ${JSON.stringify(statuses)}`,
  );
  verdict(
    flaky.state.ok.size === END_TO_END,
    `half failing: ${flaky.state.ok.size} of ${END_TO_END} delivered (none lost)`,
  );
  verdict(twice === 0, `half failing: ${twice} events delivered twice after a 2xx`);
  checkAtMost("half failing: dead ends", statuses.Failed ?? 0, 0, "deliveries");
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
      (
        await api.call("POST", "/webhook", {
          Url: url,
          Events: ["transfer.created"],
          MaxPerSecond: MAX_PER_SECOND,
        })
      )[0];
    const context = { mf, db, api, receiver, webhook, from, to };
    const all = options.only === undefined;

    if (all) await endToEnd(context);

    console.log(
      `2. Events already in the outbox, delivered by the consumer (batches of ${CONSUMER_BATCH}), against raw fetch of the same bodies (${CONSUMER_BATCH} at a time); ${RUNS} runs per size:`,
    );
    const table = [];
    for (const events of SIZES) {
      console.log(` ${fmt(events)} events`);
      const runs = [];
      for (let run = 1; run <= RUNS; run++) runs.push(await deliveryRun(context, events, run));
      const middle = (key) => median(runs.map((r) => r[key]));
      table.push({
        events,
        rawMs: middle("rawMs"),
        deliveryMs: middle("deliveryMs"),
        ratio: middle("ratio"),
        highest: Math.max(...runs.map((r) => r.calls.highest)),
      });
    }
    console.log(
      "   events | raw fetch ms | delivery ms | ratio | target | verdict | highest D1 calls/invocation",
    );
    for (const row of table) {
      const ok = row.ratio <= MAX_DELIVERY_RATIO && row.highest <= D1_LIMIT;
      console.log(
        `   ${fmt(row.events).padStart(6)} | ${row.rawMs.toFixed(0).padStart(12)} | ${row.deliveryMs.toFixed(0).padStart(11)} | ${row.ratio.toFixed(2).padStart(4)}x | ${`<= ${MAX_DELIVERY_RATIO}x`.padStart(6)} | ${(ok ? "OK" : "FAIL").padEnd(7)} | ${row.highest} (limit ${D1_LIMIT})`,
      );
    }
    // one endpoint takes at most MAX_PER_SECOND deliveries per second: a raw fetch faster than that
    // puts the target out of reach of any consumer that keeps the rate bound
    for (const row of table) {
      const bound = Math.max(0, Math.ceil(row.events / MAX_PER_SECOND) - 1) * 1000;
      if (bound > MAX_DELIVERY_RATIO * row.rawMs)
        console.log(
          `   note: the rate bound alone (${fmt(MAX_PER_SECOND)}/s per endpoint) needs about ${bound} ms for ${fmt(row.events)} events, more than ${MAX_DELIVERY_RATIO}x the raw fetch`,
        );
    }
    for (const row of table) {
      const size = `${fmt(row.events)} events`;
      checkRatio(
        `Delivery of outbox events against raw fetch (median of ${RUNS})`,
        row.deliveryMs,
        row.rawMs,
        MAX_DELIVERY_RATIO,
        "ms",
        { size },
      );
      checkD1Calls("Delivery of outbox events: the events consumer", row.highest, { size, limit: D1_LIMIT });
    }

    if (all) await halfFailing(context);
    console.log(`Total time ${seconds(performance.now() - started)}`);
  } finally {
    await worker.dispose();
    await receiver.close();
  }
}

await main();
