// Stock ledger benchmark, both figures in one run:
// 1. GET /sku/balance of a SKU with 1,000,000 movements against one with 10,000 (running totals,
//    never a scan): p50 within 2x.
// 2. POST /sku/inventory/{id}/apply posting 10,000 movements against plain multi-row INSERTs of
//    the same rows (100 bound parameters per statement, one batch): within 3x.
// Runs the bundled Worker in-process with Miniflare and a local D1 in a temporary folder; no network.
//   npm run bench:stock [-- --requests 50 --rounds 3]
import { spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { compatibilityDate } from "./lib/wrangler-config.mjs";

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
const HOST = "http://bench.localhost";
const PASSWORD = "bench123";
const JWT_SECRET = randomBytes(32).toString("base64url");

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)}s`;

function bundleWorker() {
  const outdir = mkdtempSync(join(tmpdir(), "bench-stock-"));
  const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
    encoding: "utf8",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error("wrangler could not bundle the Worker");
  }
  return outdir;
}

function startWorker(outdir, resourceTmpPath) {
  return new Miniflare(
    convertV4MiniflareOptions({
      handleStructuredLogs: () => {},
      logRequests: false,
      resourceTmpPath,
      name: "finance-backoffice-api",
      modules: true,
      modulesRoot: outdir,
      scriptPath: join(outdir, "index.js"),
      compatibilityDate: compatibilityDate(),
      compatibilityFlags: ["nodejs_compat"],
      d1Databases: { DB_BENCH: "bench" },
      r2Buckets: ["UPLOADS"],
      queueProducers: { JOBS: { queueName: "finance-jobs" }, JOBS_DLQ: { queueName: "finance-jobs-dlq" } },
      bindings: {
        TENANTS: JSON.stringify({ bench: "DB_BENCH" }),
        API_DOMAIN: "localhost",
        ENVIRONMENT: "benchmark",
        JWT_SECRET,
        JWT_TTL_SECONDS: "3600",
      },
    }),
  );
}

async function migrate(db) {
  for (const file of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    const statements = readFileSync(join("migrations", file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await db.batch(statements.map((s) => db.prepare(s)));
  }
}

async function seedCompany(db) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(PASSWORD, salt, 1000, 32, "sha256").toString("base64");
  await db.batch([
    db.prepare("INSERT INTO companies (id, name) VALUES (1, 'Bench')"),
    db
      .prepare(
        `INSERT INTO users (id, name, email, password_hash, password_salt, password_iterations, company_id)
         VALUES (1, 'Bench', 'bench@bench.local', ?1, ?2, 1000, 1)`,
      )
      .bind(hash, salt.toString("base64")),
    db.prepare("INSERT INTO user_companies (user_id, company_id) VALUES (1, 1)"),
  ]);
}

async function request(mf, method, path, token, body) {
  const response = await mf.dispatchFetch(`${HOST}/1.0${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `JWT ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

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

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measureReads(mf, token, skuIds) {
  const timings = skuIds.map(() => []);
  for (let round = 0; round < WARM_UP + REQUESTS; round++) {
    for (let k = 0; k < skuIds.length; k++) {
      const index = (round + k) % skuIds.length;
      const start = performance.now();
      const [balance] = await request(mf, "GET", `/sku/balance?IDSku=${skuIds[index]}`, token);
      if (round >= WARM_UP) timings[index].push(performance.now() - start);
      if (balance.QtyOnStock !== SIZES[index])
        throw new Error(`balance of SKU ${skuIds[index]}: ${balance.QtyOnStock}`);
    }
  }
  return timings.map((list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
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
  const started = performance.now();
  await db.batch(statements);
  const elapsed = performance.now() - started;
  await db.prepare("DELETE FROM stock_movements WHERE post_uid = 'plain'").run();
  return elapsed;
}

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const outdir = bundleWorker();
  const resourceTmpPath = mkdtempSync(join(tmpdir(), "bench-stock-data-"));
  const mf = startWorker(outdir, resourceTmpPath);
  try {
    const db = await mf.getD1Database("DB_BENCH");
    await migrate(db);
    await seedCompany(db);
    const { Token: token } = await request(mf, "POST", "/user/signin/local", undefined, {
      Email: "bench@bench.local",
      Password: PASSWORD,
    });
    const [warehouse] = await request(mf, "POST", "/warehouse", token, { Name: "CD" });

    const skuIds = [];
    for (const size of SIZES) {
      const seedStart = performance.now();
      const [sku] = await request(mf, "POST", "/sku", token, {
        Code: `HIST-${size}`,
        Name: `Histórico ${size}`,
      });
      await seedHistory(db, sku.IDSku, warehouse.IDWarehouse, size);
      skuIds.push(sku.IDSku);
      console.log(`SKU with ${size.toLocaleString("en-US")} movements seeded in ${seconds(seedStart)}`);
    }
    const reads = await measureReads(mf, token, skuIds);
    for (const [index, size] of SIZES.entries()) {
      console.log(
        `GET /sku/balance, ${size.toLocaleString("en-US").padStart(9)} movements: p50 ${reads[index].p50.toFixed(2)} ms, p95 ${reads[index].p95.toFixed(2)} ms`,
      );
    }
    const readRatio = reads[1].p50 / reads[0].p50;
    console.log(`Balance read 1M/10k ratio (p50): ${readRatio.toFixed(2)}x (limit ${MAX_READ_RATIO}x)\n`);

    await db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?1)
         INSERT INTO products (company_id, code, name) SELECT 1, 'INV-' || i, 'Item ' || i FROM seq`,
      )
      .bind(POSTED)
      .run();
    const { results } = await db.prepare("SELECT id FROM products WHERE code LIKE 'INV-%' ORDER BY id").all();
    const countedIds = results.map((r) => r.id);
    const ratios = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [target] = await request(mf, "POST", "/warehouse", token, { Name: `Contagem ${round}` });
      const inventory = await request(mf, "POST", "/sku/inventory", token, {
        IDWarehouse: target.IDWarehouse,
      });
      const id = inventory.IDStockKeepingUnitInventorySummary;
      await request(mf, "POST", `/sku/inventory/${id}/items`, token, {
        Items: countedIds.map((IDSku) => ({ IDSku, Quantity: 2 })),
      });
      const plain = await plainInserts(db, countedIds, target.IDWarehouse);
      const applyStart = performance.now();
      const applied = await request(mf, "POST", `/sku/inventory/${id}/apply`, token);
      const apply = performance.now() - applyStart;
      if (applied.Movements !== POSTED) throw new Error(`apply posted ${applied.Movements} movements`);
      ratios.push(apply / plain);
      console.log(
        `Round ${round + 1}: inventory apply of ${POSTED.toLocaleString("en-US")} movements ${apply.toFixed(0)} ms, plain multi-row INSERTs ${plain.toFixed(0)} ms, ratio ${(apply / plain).toFixed(2)}x`,
      );
    }
    const postRatio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    console.log(`Posting ratio (median of ${ROUNDS}): ${postRatio.toFixed(2)}x (limit ${MAX_POST_RATIO}x)`);
    console.log(`Total time ${seconds(started)}`);
    if (readRatio > MAX_READ_RATIO || postRatio > MAX_POST_RATIO) {
      console.error("FAIL: past target");
      process.exitCode = 1;
    } else {
      console.log("OK: balance reads do not grow with history; posting stays within 3x of plain inserts");
    }
  } finally {
    await mf.dispose();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(resourceTmpPath, { recursive: true, force: true });
  }
}

await main();
