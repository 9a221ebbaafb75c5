// Latency of GET /accounts/bank-account with 10k, 100k and 1M entries per account.
// Balances come from per-day totals, so the 1M figure must stay within 2x of the 10k one.
// Runs the bundled Worker in-process with Miniflare and a local D1 in a temporary folder; no network.
//   npm run bench:balances [-- --accounts 3 --requests 50 --per-day 300]
//
// One company per size, each with the same number of accounts; the sizes are requested in turn
// (round-robin), so load from other processes on the machine hits every size alike.
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
    accounts: { type: "string", default: "3" },
    requests: { type: "string", default: "50" },
    "per-day": { type: "string", default: "300" },
  },
});
const ACCOUNTS = Number(options.accounts);
const REQUESTS = Number(options.requests);
const PER_DAY = Number(options["per-day"]);
const SIZES = [10_000, 100_000, 1_000_000];
const WARM_UP = 20;
/** Entries generated per INSERT ... SELECT statement. */
const CHUNK = 100_000;
const MAX_RATIO = 2;
const HOST = "http://bench.localhost";
const PASSWORD = "bench123";
const JWT_SECRET = randomBytes(32).toString("base64url");
const ZONE = "America/Sao_Paulo";

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)}s`;
const label = (size) => size.toLocaleString("en-US").padStart(9);

function bundleWorker() {
  const outdir = mkdtempSync(join(tmpdir(), "bench-balances-"));
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
      handleStructuredLogs: () => {}, // the Worker logs every request; keep the report readable
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
  const files = readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files) {
    const statements = readFileSync(join("migrations", file), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await db.batch(statements.map((s) => db.prepare(s)));
  }
}

/** Company, invoicing company and user `n` (same ids), with the password stored as sign-in expects. */
async function seedCompany(db, n) {
  const salt = randomBytes(16);
  const iterations = 1000;
  const hash = pbkdf2Sync(PASSWORD, salt, iterations, 32, "sha256").toString("base64");
  await db.batch([
    db.prepare("INSERT INTO companies (id, name, time_zone) VALUES (?1, ?2, ?3)").bind(n, `Bench ${n}`, ZONE),
    db
      .prepare("INSERT INTO company_invoices (id, company_id, name) VALUES (?1, ?1, ?2)")
      .bind(n, `Bench ${n} Ltda`),
    db
      .prepare(
        `INSERT INTO users (id, name, email, password_hash, password_salt, password_iterations, company_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?1)`,
      )
      .bind(n, `Bench ${n}`, `bench${n}@bench.local`, hash, salt.toString("base64"), iterations),
    db.prepare("INSERT INTO user_companies (user_id, company_id) VALUES (?1, ?1)").bind(n),
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
 * Entries [from, to) of one account, generated inside SQLite: ~PER_DAY a day going back from
 * today, a third outflows, values 0.01 to 1000.00. The triggers keep the day totals as in production.
 */
function insertEntries(db, companyId, accountId, from, to, today) {
  return db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?2)
       INSERT INTO bank_statements
         (company_id, uid, bank_account_id, type_account, value, date, description, document, origin)
       SELECT ?6, 'bench-' || ?3 || '-' || i, ?3, CASE WHEN i % 3 = 0 THEN 1 ELSE 0 END,
         1 + (i * 7919) % 100000,
         date(?4, '-' || (i / ?5) || ' days') || ' ' ||
           printf('%02d:%02d:%02d', 8 + (i % ?5) * 12 / ?5, (i * 13) % 60, (i * 29) % 60),
         'Recebimento ' || i, 'DOC' || i, 'payment'
       FROM seq`,
    )
    .bind(from, to, accountId, today, PER_DAY, companyId)
    .run();
}

/** 500 titles forecast on an account (a fifth paid), due from 250 days ago to 250 days ahead. */
function insertTitles(db, companyId, accountId, today) {
  return db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < 500)
       INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, bank_account_id, status)
       SELECT ?3, i % 2, 'Título ' || i, 10000 + i, CASE WHEN i % 5 = 0 THEN 0 ELSE 10000 + i END,
         date(?1, (i - 250) || ' days'), ?2, CASE WHEN i % 5 = 0 THEN 3 ELSE 1 END
       FROM seq`,
    )
    .bind(today, accountId, companyId)
    .run();
}

/** A company with ACCOUNTS accounts of `size` entries each; answers the caller's token. */
async function seedSize(mf, db, companyId, size, today) {
  await seedCompany(db, companyId);
  const { Token: token } = await request(mf, "POST", "/user/signin/local", undefined, {
    Email: `bench${companyId}@bench.local`,
    Password: PASSWORD,
  });
  for (let i = 0; i < ACCOUNTS; i++) {
    await request(mf, "POST", "/accounts/bank-account", token, {
      Bank: `Banco ${i + 1}`,
      BankNumber: String(i + 1).padStart(3, "0"),
      Agency: "0001",
      AccountNumber: `${companyId}000${i}-0`,
      IDCompanyInvoice: companyId,
    });
  }
  const accounts = await request(mf, "GET", "/accounts/bank-account", token);
  for (const { IDBankAccount } of accounts) {
    await insertTitles(db, companyId, IDBankAccount, today);
    for (let from = 0; from < size; from += CHUNK) {
      await insertEntries(db, companyId, IDBankAccount, from, Math.min(size, from + CHUNK), today);
    }
  }
  return token;
}

/** The API's Balance must equal the plain sum of the entries up to today (a full scan, done once). */
async function checkBalances(mf, db, token, today) {
  const list = await request(mf, "GET", "/accounts/bank-account", token);
  for (const item of list) {
    const row = await db
      .prepare(
        `SELECT coalesce(sum(CASE WHEN type_account = 0 THEN value ELSE -value END), 0) AS cents
         FROM bank_statements WHERE bank_account_id = ?1 AND substr(date, 1, 10) <= ?2`,
      )
      .bind(item.IDBankAccount, today)
      .first();
    if (Math.round(item.Balance * 100) !== row.cents) {
      throw new Error(
        `Balance of account ${item.IDBankAccount}: API ${item.Balance}, entries ${row.cents / 100}`,
      );
    }
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** REQUESTS rounds after WARM_UP untimed ones; each round lists every size once, in a rotating order. */
async function measure(mf, tokens) {
  const timings = tokens.map(() => []);
  for (let round = 0; round < WARM_UP + REQUESTS; round++) {
    for (let k = 0; k < tokens.length; k++) {
      const index = (round + k) % tokens.length;
      const start = performance.now();
      await request(mf, "GET", "/accounts/bank-account", tokens[index]);
      if (round >= WARM_UP) timings[index].push(performance.now() - start);
    }
  }
  return timings.map((list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
}

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const outdir = bundleWorker();
  const resourceTmpPath = mkdtempSync(join(tmpdir(), "bench-balances-data-"));
  const mf = startWorker(outdir, resourceTmpPath);
  try {
    const db = await mf.getD1Database("DB_BENCH");
    await migrate(db);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    console.log(`${ACCOUNTS} accounts per size, ~${PER_DAY} entries a day, 500 titles per account`);

    const tokens = [];
    for (const [index, size] of SIZES.entries()) {
      const seedStart = performance.now();
      const token = await seedSize(mf, db, index + 1, size, today);
      await checkBalances(mf, db, token, today);
      tokens.push(token);
      const days = Math.ceil(size / PER_DAY);
      console.log(
        `${label(size)} entries/account (${days} days): seeded and checked in ${seconds(seedStart)}`,
      );
    }

    console.log(
      `\nGET /accounts/bank-account, ${REQUESTS} requests per size (after ${WARM_UP} warm-up rounds):`,
    );
    const results = await measure(mf, tokens);
    for (const [index, size] of SIZES.entries()) {
      const { p50, p95 } = results[index];
      console.log(`${label(size)} entries/account: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    }
    const first = results[0];
    const last = results.at(-1);
    const ratio50 = last.p50 / first.p50;
    const ratio95 = last.p95 / first.p95;
    console.log(
      `\n1M/10k ratio: p50 ${ratio50.toFixed(2)}x, p95 ${ratio95.toFixed(2)}x (limit ${MAX_RATIO}x on p50)`,
    );
    console.log(`Total time ${seconds(started)}`);
    if (ratio50 > MAX_RATIO) {
      console.error("FAIL: list latency grows with the number of entries");
      process.exitCode = 1;
    } else {
      console.log("OK: list latency does not grow with the number of entries");
    }
  } finally {
    await mf.dispose();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(resourceTmpPath, { recursive: true, force: true });
  }
}

await main();
