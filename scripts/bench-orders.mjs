// Orders benchmark, every figure in one run:
// 1. POST /orders of 20 items (taxes from the SKUs' tax profile, a reserving status, one payment in
//    3 installments = 3 receivable titles) against POST /accounts/receivable, interleaved: p50 within 4x.
// 2. GET /orders pages (cursor LastID, the full default page; and pages
//    of 1,000 filtered by status) of a company with 1,000,000 orders against
//    one with 10,000: p50 within 2x (the cursor and the (company, id) index do the work, never a scan).
// 3. POST /orders/template of --template-orders orders (two lines each) against the same rows written
//    set-based: within 3x, >= 1,000 orders/s, and the highest D1 calls of one jobs-queue invocation.
// Runs the bundled Worker (with the bench-only routes of scripts/bench/worker-entry.ts, which count
// the queue's D1 calls) in-process with Miniflare and a local D1 in a temporary folder; no network.
//   npm run bench:orders [-- --requests 50 --page-requests 30 --template-orders 10000]
import { parseArgs } from "node:util";
import {
  checkAtLeast,
  checkInvariants,
  checkRatio,
  checkWorkerD1Calls,
  interleaved,
  percentile,
} from "./lib/bench-report.mjs";
import {
  benchApi,
  bundleWorker,
  RESALE_TAX_PROFILE,
  seedCompany,
  startBenchWorker,
} from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    requests: { type: "string", default: "50" },
    "page-requests": { type: "string", default: "30" },
    "template-orders": { type: "string", default: "10000" },
  },
});
const REQUESTS = Number(options.requests);
const PAGE_REQUESTS = Number(options["page-requests"]);
const TEMPLATE_ORDERS = Number(options["template-orders"]);
const LINES_PER_ORDER = 2;
const ITEMS = 20;
const INSTALLMENTS = 3;
const SIZES = [10_000, 1_000_000];
/** Orders generated per INSERT ... SELECT statement. */
const CHUNK = 100_000;
/** Rows a page of the status-filtered walk asks for. */
const STATUS_PAGE = 1000;
const MAX_CREATE_RATIO = 4;
const MAX_PAGE_RATIO = 2;
/** The template import within 3x its set-based floor, at 1,000 orders/s or more (issue 28). */
const MAX_TEMPLATE_RATIO = 3;
const MIN_TEMPLATE_ORDERS_PER_SECOND = 1000;
/** Reserving status an order may be created in (order_status_transitions from 0). */
const RESERVING_STATUS = 23;

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)}s`;
const label = (size) => size.toLocaleString("en-US").padStart(9);
const figures = (list) =>
  `p50 ${percentile(list, 50).toFixed(2)} ms, p95 ${percentile(list, 95).toFixed(2)} ms`;

/** A tax profile, ITEMS SKUs under it with 1,000,000 units each in a new warehouse, a 3-installment payment type. */
async function orderFixtures(api) {
  const [profile] = await api.call("POST", "/tax/profile", RESALE_TAX_PROFILE);
  const [warehouse] = await api.call("POST", "/warehouse", { Name: "CD Pedidos" });
  const skuIds = [];
  for (let i = 0; i < ITEMS; i++) {
    const [sku] = await api.call("POST", "/sku", {
      Code: `PED-${i}`,
      Name: `Produto ${i}`,
      TaxProfile: profile.Code,
      Cost: 10,
      Price: 49.9,
    });
    await api.call("POST", "/sku/movement/adjustment", {
      IDSku: sku.IDSku,
      IDWarehouse: warehouse.IDWarehouse,
      IDTypeMovement: 0,
      Quantity: 1_000_000,
      UnitCost: 10,
      Reason: "Carga inicial",
    });
    skuIds.push(sku.IDSku);
  }
  const [paymentType] = await api.call("POST", "/type/order/payment", { Description: "Cartão 3x" });
  await api.call("PUT", `/type/order/payment/${paymentType.IDTypePayment}/rate`, [
    { Installments: INSTALLMENTS, FirstDueDays: 30, IntervalDays: 30, NfTPag: "03" },
  ]);
  return { warehouseId: warehouse.IDWarehouse, skuIds, paymentTypeId: paymentType.IDTypePayment };
}

/** The 20-item order the benchmark posts; one payment of 1,000.00 in 3 installments (below the total). */
function orderBody({ warehouseId, skuIds, paymentTypeId }, round) {
  return {
    IDWarehouse: warehouseId,
    IDStatusOrder: RESERVING_STATUS,
    Notes: `Pedido ${round}`,
    Freight: 15,
    Items: skuIds.map((IDSku, i) => ({ IDSku, Quantity: 1 + (i % 3), UnitPrice: 49.9 })),
    Payments: [{ IDTypePayment: paymentTypeId, Installments: INSTALLMENTS, Value: 1000 }],
  };
}

async function measureCreates(api, fixtures) {
  let orders = 0;
  let titles = 0;
  return interleaved(
    {
      order: async () => {
        const order = await api.call("POST", "/orders", orderBody(fixtures, ++orders));
        if (order.Items.length !== ITEMS || order.Payments.length !== INSTALLMENTS)
          throw new Error(
            `order ${order.IDOrder}: ${order.Items.length} items, ${order.Payments.length} payments`,
          );
      },
      receivable: async () => {
        const title = await api.call("POST", "/accounts/receivable", {
          Description: `Venda ${++titles}`,
          Value: 1000,
          DueDate: "2026-06-30",
        });
        if (title.OpenValue !== 1000) throw new Error(`receivable ${title.IDAccountPayableReceivable}`);
      },
    },
    { rounds: REQUESTS },
  );
}

/** The CSV template: TEMPLATE_ORDERS orders of LINES_PER_ORDER lines, SKUs by code, price in Brazilian notation. */
function templateCsv({ warehouseId }) {
  const lines = ["pedido;deposito;sku;quantidade;preco"];
  for (let order = 0; order < TEMPLATE_ORDERS; order++) {
    for (let k = 0; k < LINES_PER_ORDER; k++) {
      lines.push(`P-${order};${warehouseId};PED-${(order + k) % ITEMS};${1 + k};49,90`);
    }
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** Two-step upload of the template, then ConfirmUpload timed until the job ends. */
async function importTemplate(api, mf, bytes) {
  const slot = await api.call("POST", "/orders/template", {
    Action: "RequestUploadUrl",
    FileName: "pedidos.csv",
    ContentType: "text/csv",
    SizeBytes: bytes.byteLength,
  });
  const put = await mf.dispatchFetch(slot.UploadUrl, { method: "PUT", headers: slot.Headers, body: bytes });
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const started = performance.now();
  const { IDJob } = await api.call("POST", "/orders/template", { Action: "ConfirmUpload", Key: slot.Key });
  for (;;) {
    const job = await api.call("GET", `/job/${IDJob}`);
    if (job.Status === "Done" || job.Status === "Failed") return { job, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Orders per batch of the set-based floor (each table's rows as one JSON parameter). */
const FLOOR_ORDERS_PER_BATCH = 250;

/** One INSERT of `rows` into `table` (every column), the rows as one JSON parameter read by json_each. */
function jsonInsert(db, table, rows) {
  const columns = Object.keys(rows[0]);
  return db
    .prepare(
      `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.map((c) => `j.value ->> '$.${c}'`).join(", ")} FROM json_each(?1) AS j ORDER BY j.key`,
    )
    .bind(JSON.stringify(rows));
}

/** Ids of the floor's copies: above any id the run writes. */
const FLOOR_IDS = 100_000_000;

/**
 * The floor: the rows the import wrote (orders, items, status history) written again set-based,
 * each table's rows as one JSON parameter, FLOOR_ORDERS_PER_BATCH orders per batch, under ids
 * moved by FLOOR_IDS; answers the ms and the row counts, then removes the copies.
 */
async function plainTemplateInserts(db, jobId) {
  const all = async (sql) => (await db.prepare(sql).bind(`job:${jobId}:%`).all()).results;
  const orders = await all("SELECT * FROM orders WHERE import_key LIKE ?1 ORDER BY id");
  const items = await all(
    "SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.import_key LIKE ?1 ORDER BY i.id",
  );
  const history = await all(
    "SELECT h.* FROM order_status_history h JOIN orders o ON o.id = h.order_id WHERE o.import_key LIKE ?1 ORDER BY h.id",
  );
  const moved = (row, ...keys) => ({
    ...row,
    ...Object.fromEntries(keys.map((k) => [k, row[k] + FLOOR_IDS])),
  });
  const copies = orders.map((o) => ({
    ...moved(o, "id"),
    uid: `floor-${o.uid}`,
    import_key: `floor-${o.import_key}`,
  }));
  const byOrder = (rows) => {
    const out = new Map();
    for (const row of rows) out.set(row.order_id, [...(out.get(row.order_id) ?? []), row]);
    return out;
  };
  const itemsOf = byOrder(items.map((i) => moved(i, "id", "order_id")));
  const historyOf = byOrder(history.map((h) => moved(h, "id", "order_id")));
  // the set-based floor: each table's rows as one JSON parameter, FLOOR_ORDERS_PER_BATCH orders per batch
  let ms = 0;
  for (let start = 0; start < copies.length; start += FLOOR_ORDERS_PER_BATCH) {
    const group = copies.slice(start, start + FLOOR_ORDERS_PER_BATCH);
    const batch = [
      jsonInsert(db, "orders", group),
      jsonInsert(
        db,
        "order_items",
        group.flatMap((o) => itemsOf.get(o.id) ?? []),
      ),
      jsonInsert(
        db,
        "order_status_history",
        group.flatMap((o) => historyOf.get(o.id) ?? []),
      ),
    ];
    const started = performance.now();
    await db.batch(batch);
    ms += performance.now() - started;
  }
  await db.batch([
    db.prepare("DELETE FROM order_items WHERE order_id > ?1").bind(FLOOR_IDS),
    db.prepare("DELETE FROM order_status_history WHERE order_id > ?1").bind(FLOOR_IDS),
    db.prepare("DELETE FROM orders WHERE id > ?1").bind(FLOOR_IDS),
  ]);
  return { ms, orders: orders.length, items: items.length, history: history.length };
}

/** The template import against its floor, with the job's work checked in the database. */
async function measureTemplate(api, mf, db, fixtures) {
  const bytes = templateCsv(fixtures);
  const lines = TEMPLATE_ORDERS * LINES_PER_ORDER;
  const { job, ms } = await importTemplate(api, mf, bytes);
  if (job.Status !== "Done" || job.Result?.orders !== TEMPLATE_ORDERS || job.Result?.errors !== 0)
    throw new Error(`template job ${job.IDJob}: ${JSON.stringify(job)}`);
  const count = (n) => n.toLocaleString("en-US");
  console.log(
    `POST /orders/template, ${count(TEMPLATE_ORDERS)} orders (${count(lines)} lines, ${(bytes.byteLength / 1024).toFixed(0)} KB): ` +
      `${(ms / 1000).toFixed(1)} s from ConfirmUpload to Done, ${Math.round(lines / (ms / 1000))} lines/s, ${Math.round(TEMPLATE_ORDERS / (ms / 1000))} orders/s`,
  );
  await checkInvariants(mf, "after the template import", { size: `${TEMPLATE_ORDERS} orders` });
  const floor = await plainTemplateInserts(db, job.IDJob);
  if (floor.orders !== TEMPLATE_ORDERS || floor.items !== lines || floor.history !== TEMPLATE_ORDERS)
    throw new Error(`the import wrote ${JSON.stringify(floor)}`);
  console.log(
    `Floor, the same ${count(floor.orders)} orders, ${count(floor.items)} items and ${count(floor.history)} history rows ` +
      `set-based (one JSON parameter per table, ${FLOOR_ORDERS_PER_BATCH} orders per batch): ${floor.ms.toFixed(0)} ms, ${Math.round(lines / (floor.ms / 1000))} lines/s`,
  );
  const size = `${count(TEMPLATE_ORDERS)} orders`;
  checkRatio("POST /orders/template against the set-based floor", ms, floor.ms, MAX_TEMPLATE_RATIO, "ms", {
    size,
  });
  checkAtLeast(
    "POST /orders/template throughput",
    TEMPLATE_ORDERS / (ms / 1000),
    MIN_TEMPLATE_ORDERS_PER_SECOND,
    "orders/s",
    { size },
  );
  await checkWorkerD1Calls(mf, { size });
}

/** `size` orders of company `companyId` generated inside SQLite, with the columns a page answers. */
async function seedOrders(db, companyId, size) {
  for (let from = 0; from < size; from += CHUNK) {
    await db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?2)
         INSERT INTO orders (company_id, uid, date, consumer_id, warehouse_id, status_id, volumes,
           items_value, tax_total, items_total, freight, total, paid_value, created_by)
         SELECT ?3, 'seed-' || ?3 || '-' || i, date('2026-05-29', '-' || (i % 700) || ' days'), NULL, 1,
           CASE i % 4 WHEN 0 THEN 1 WHEN 1 THEN 3 WHEN 2 THEN 6 ELSE 9 END, 1,
           10000 + i % 5000, 2800, 12800 + i % 5000, 1500, 14300 + i % 5000, 14300 + i % 5000, ?3
         FROM seq`,
      )
      .bind(from, Math.min(size, from + CHUNK), companyId)
      .run();
  }
  const middle = await db
    .prepare("SELECT id FROM orders WHERE company_id = ?1 ORDER BY id LIMIT 1 OFFSET ?2")
    .bind(companyId, Math.floor(size / 2))
    .first();
  return middle.id;
}

/** A company per size; each answers a page of the default size from the middle of its orders. */
async function measurePages(api, db) {
  const companies = [];
  for (const [index, size] of SIZES.entries()) {
    const companyId = 10 + index;
    const seedStart = performance.now();
    const { email, password } = await seedCompany(db, companyId);
    const token = await api.signIn(email, password);
    const lastId = await seedOrders(db, companyId, size);
    console.log(`Company with ${label(size)} orders seeded in ${seconds(seedStart)}`);
    companies.push({ size, token, lastId });
  }
  const page = (company, query) => async () => {
    api.token = company.token;
    const rows = await api.call("GET", `/orders?LastID=${company.lastId}${query}`);
    if (rows.length === 0 || rows[0].IDOrder <= company.lastId)
      throw new Error(`page after ${company.lastId}: ${rows.length} rows`);
    return rows.length;
  };
  const measurements = {};
  for (const company of companies) {
    measurements[`cursor ${company.size}`] = page(company, "");
    // a quarter of the orders are invoiced (6): pages of 1,000 so the 10k company fills them too
    measurements[`status ${company.size}`] = page(company, `&IDStatusOrder=6&PageSize=${STATUS_PAGE}`);
  }
  const rowsOf = {};
  for (const [name, measure] of Object.entries(measurements)) rowsOf[name] = await measure();
  const timings = await interleaved(measurements, { rounds: PAGE_REQUESTS });
  return { timings, rowsOf };
}

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), {
    queues: true,
  });
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);

    const fixtures = await orderFixtures(api);
    const creates = await measureCreates(api, fixtures);
    console.log(
      `POST /orders (${ITEMS} items, reserving, ${INSTALLMENTS} titles): ${figures(creates.order)} (${REQUESTS} requests)`,
    );
    console.log(`POST /accounts/receivable:                        ${figures(creates.receivable)}`);
    const reserved = await db
      .prepare("SELECT count(*) AS n FROM stock_reservations WHERE company_id = 1")
      .first();
    const titles = await db.prepare("SELECT count(*) AS n FROM order_payments WHERE company_id = 1").first();
    console.log(`(${reserved.n} reservation rows, ${titles.n} order payment titles written)`);
    checkRatio(
      `POST /orders of ${ITEMS} items against POST /accounts/receivable (p50)`,
      percentile(creates.order, 50),
      percentile(creates.receivable, 50),
      MAX_CREATE_RATIO,
    );
    console.log();

    await measureTemplate(api, mf, db, fixtures);
    console.log();

    const { timings, rowsOf } = await measurePages(api, db);
    for (const kind of ["cursor", "status"]) {
      for (const size of SIZES) {
        const name = `${kind} ${size}`;
        const what = kind === "cursor" ? "GET /orders?LastID" : "GET /orders?LastID&IDStatusOrder=6";
        console.log(
          `${what.padEnd(33)} ${label(size)} orders: ${figures(timings[name])} (${rowsOf[name]} rows a page)`,
        );
      }
      checkRatio(
        `GET /orders page${kind === "status" ? " filtered by status" : ""}, 1M orders against 10k (p50)`,
        percentile(timings[`${kind} ${SIZES[1]}`], 50),
        percentile(timings[`${kind} ${SIZES[0]}`], 50),
        MAX_PAGE_RATIO,
      );
    }
    console.log(`Total time ${seconds(started)}`);
  } finally {
    await worker.dispose();
  }
}

await main();
