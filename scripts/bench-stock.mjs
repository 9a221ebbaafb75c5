// Stock ledger benchmark, both figures in one run:
// 1. GET /sku/balance of a SKU with 1,000,000 movements against one with 10,000 (running totals,
//    never a scan): p50 within 2x.
// 2. POST /sku/inventory/{id}/apply posting 10,000 movements against plain multi-row INSERTs of
//    the same rows (100 bound parameters per statement, one batch): within 3x.
// Runs the bundled Worker in-process with Miniflare and a local D1 in a temporary folder; no network.
//   npm run bench:stock [-- --requests 50 --rounds 3]
import { parseArgs } from "node:util";
import { checkRatio, checkWorkerD1Calls, median, percentile } from "./lib/bench-report.mjs";
import { benchApi, bundleWorker, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    requests: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
  },
});
const REQUESTS = Number(options.requests);
const ROUNDS = Number(options.rounds);
const SIZES = [10_000, 1_000_000];
const POSTED = 10_000;
const WARM_UP = 20;
const CHUNK = 100_000;
const MAX_READ_RATIO = 2;
const MAX_POST_RATIO = 3;

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)}s`;

/**
 * `size` inbound movements of one SKU generated inside SQLite, each with its balance after it, and
 * the running totals they imply (as the ledger would have kept them).
 */
async function seedHistory(db, skuId, warehouseId, size) {
  for (let from = 0; from < size; from += CHUNK) {
    await db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?2)
         INSERT INTO stock_movements (company_id, sku_id, warehouse_id, date, type_movement, quantity, unit_cost,
           average_cost, warehouse_qty_after, origin, reason, post_uid)
         SELECT 1, ?3, ?4, '2026-01-01 00:00:00', 0, 1000, 100, 100, (i + 1) * 1000, 'manual', 'Carga', 'seed-' || ?3 || '-' || i
         FROM seq`,
      )
      .bind(from, Math.min(size, from + CHUNK), skuId, warehouseId)
      .run();
  }
  await db.batch([
    db
      .prepare(
        "INSERT INTO stock_balances (company_id, sku_id, warehouse_id, qty, movements) VALUES (1, ?1, ?2, ?3, ?4)",
      )
      .bind(skuId, warehouseId, size * 1000, size),
    db
      .prepare(
        "INSERT INTO sku_stock_totals (sku_id, company_id, qty, average_cost, movements) VALUES (?1, 1, ?2, 100, ?3)",
      )
      .bind(skuId, size * 1000, size),
  ]);
}

async function measureReads(api, skuIds) {
  const timings = skuIds.map(() => []);
  for (let round = 0; round < WARM_UP + REQUESTS; round++) {
    for (let k = 0; k < skuIds.length; k++) {
      const index = (round + k) % skuIds.length;
      const start = performance.now();
      const [balance] = await api.call("GET", `/sku/balance?IDSku=${skuIds[index]}`);
      if (round >= WARM_UP) timings[index].push(performance.now() - start);
      if (balance.QtyOnStock !== SIZES[index])
        throw new Error(`balance of SKU ${skuIds[index]}: ${balance.QtyOnStock}`);
    }
  }
  return timings.map((list) => ({ p50: percentile(list, 50), p95: percentile(list, 95) }));
}

/** The same 10,000 movement rows as plain multi-row INSERTs: 17 columns, 5 rows (85 parameters) per statement. */
async function plainInserts(db, skuIds, warehouseId) {
  const columns =
    "company_id, sku_id, warehouse_id, batch_id, date, type_movement, quantity, unit_cost, average_cost, warehouse_qty_after, batch_qty_after, batch_value_after, origin, origin_id, reason, user_id, post_uid";
  const perStatement = 5;
  const statements = [];
  for (let start = 0; start < skuIds.length; start += perStatement) {
    const group = skuIds.slice(start, start + perStatement);
    const values = group.map(() => `(${new Array(17).fill("?").join(", ")})`).join(", ");
    const params = group.flatMap((sku) => [
      1,
      sku,
      warehouseId,
      null,
      "2026-05-29 12:00:00",
      0,
      2000,
      100,
      100,
      2000,
      null,
      null,
      "bench",
      0,
      "Linha de referência",
      1,
      "plain",
    ]);
    statements.push(db.prepare(`INSERT INTO stock_movements (${columns}) VALUES ${values}`).bind(...params));
  }
  // Miniflare's D1 proxy keeps its connection to workerd alive between calls, and workerd closes it
  // while the inventory's long requests run: the next call fails ("other side closed") before it
  // reaches D1. One untimed read, asked again if so, opens a fresh connection for the timed batch.
  await db
    .prepare("SELECT 1")
    .first()
    .catch(() => db.prepare("SELECT 1").first());
  const started = performance.now();
  await db.batch(statements);
  const elapsed = performance.now() - started;
  await db.prepare("DELETE FROM stock_movements WHERE post_uid = 'plain'").run();
  return elapsed;
}

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }));
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const { email, password } = await seedCompany(db, 1);
    await api.signIn(email, password);
    const [warehouse] = await api.call("POST", "/warehouse", { Name: "CD" });

    const skuIds = [];
    for (const size of SIZES) {
      const seedStart = performance.now();
      const [sku] = await api.call("POST", "/sku", {
        Code: `HIST-${size}`,
        Name: `Histórico ${size}`,
      });
      await seedHistory(db, sku.IDSku, warehouse.IDWarehouse, size);
      skuIds.push(sku.IDSku);
      console.log(`SKU with ${size.toLocaleString("en-US")} movements seeded in ${seconds(seedStart)}`);
    }
    const reads = await measureReads(api, skuIds);
    for (const [index, size] of SIZES.entries()) {
      console.log(
        `GET /sku/balance, ${size.toLocaleString("en-US").padStart(9)} movements: p50 ${reads[index].p50.toFixed(2)} ms, p95 ${reads[index].p95.toFixed(2)} ms`,
      );
    }
    checkRatio("Balance read, 1M movements against 10k (p50)", reads[1].p50, reads[0].p50, MAX_READ_RATIO);
    console.log();

    await db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?1)
         INSERT INTO products (company_id, code, name) SELECT 1, 'INV-' || i, 'Item ' || i FROM seq`,
      )
      .bind(POSTED)
      .run();
    const { results } = await db.prepare("SELECT id FROM products WHERE code LIKE 'INV-%' ORDER BY id").all();
    const countedIds = results.map((r) => r.id);
    const applies = [];
    const plains = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [target] = await api.call("POST", "/warehouse", { Name: `Contagem ${round}` });
      const inventory = await api.call("POST", "/sku/inventory", {
        IDWarehouse: target.IDWarehouse,
      });
      const id = inventory.IDStockKeepingUnitInventorySummary;
      await api.call("POST", `/sku/inventory/${id}/items`, {
        Items: countedIds.map((IDSku) => ({ IDSku, Quantity: 2 })),
      });
      const plain = await plainInserts(db, countedIds, target.IDWarehouse);
      const applyStart = performance.now();
      const applied = await api.call("POST", `/sku/inventory/${id}/apply`);
      const apply = performance.now() - applyStart;
      if (applied.Movements !== POSTED) throw new Error(`apply posted ${applied.Movements} movements`);
      applies.push(apply);
      plains.push(plain);
      console.log(
        `Round ${round + 1}: inventory apply of ${POSTED.toLocaleString("en-US")} movements ${apply.toFixed(0)} ms, plain multi-row INSERTs ${plain.toFixed(0)} ms, ratio ${(apply / plain).toFixed(2)}x`,
      );
    }
    checkRatio(
      `Inventory apply of ${POSTED.toLocaleString("en-US")} movements against plain INSERTs (median of ${ROUNDS})`,
      median(applies),
      median(plains),
      MAX_POST_RATIO,
    );
    console.log(`Total time ${seconds(started)}`);
    await checkWorkerD1Calls(worker.mf);
  } finally {
    await worker.dispose();
  }
}

await main();
