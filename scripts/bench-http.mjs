// HTTP benchmark of the Worker (bundled by wrangler, run by Miniflare with a local D1, served on
// 127.0.0.1): the statement pages against floors measured in the same run, then hot reads and
// writes under load next to GET /health, the framework floor (same middlewares, no database).
//   npm run bench:http [-- --duration 5 --connections 10 --rounds 25]
//
// 1. Latency, 1 connection, p50 of `rounds` interleaved requests: GET /accounts/bank-statement with
//    Source=2 (5,000 bank lines on the page) and Source=1 (5,000 entries), each next to its floor, a
//    bench-only route (scripts/bench/worker-entry.ts) that answers the same rows with the same
//    columns from the same database in one SELECT. Prints the answer sizes, every SQL statement
//    the page runs with its EXPLAIN QUERY PLAN, and the ratio; past MAX_RATIO it exits 1.
// 2. Load: requests/s, p50/p99 per scenario at `connections` connections; every request is a valid
//    operation (each reconciliation takes its own bank line and title); any error exits 1.
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { apiClient } from "./lib/api-client.mjs";
import { checkRatio, interleaved, percentile } from "./lib/bench-report.mjs";
import { bundleWorker, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "25" },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const ROUNDS = Number(options.rounds);
const PAGE = 5000;
const RULES = 300;
/** Bank lines (and titles) to reconcile: one per request, more than a run can use. */
const RECONCILIABLE = 10_000;
/** One bank line in LINKED_EVERY has an internal entry reconciled to it (so InternalAccounts is not always empty). */
const LINKED_EVERY = 10;
const MAX_RATIO = 2;
const FROM = "2026-01-01";
const TO = "2026-12-31";

const sequence = (count) =>
  `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ${count})`;

async function seed(api, db) {
  const { email, password } = await seedCompany(db, 1);
  await api.signIn(email, password);
  const create = async (n) => {
    const list = await api.call("POST", "/accounts/bank-account", {
      Bank: `Banco ${n}`,
      BankNumber: "341",
      Agency: "0001",
      AccountNumber: `${n}0000-${n}`,
      IDCompanyInvoice: 1,
    });
    return Math.max(...list.map((a) => a.IDBankAccount));
  };
  const statementAccount = await create(1);
  const otherAccount = await create(2);
  const reconcileAccount = await create(3);
  const run = (sql) => db.prepare(sql).run();
  // the statement account: PAGE entries and PAGE bank lines over the year, one line in LINKED_EVERY reconciled
  await run(`${sequence(PAGE)}
    INSERT INTO bank_statements (company_id, uid, bank_account_id, type_account, value, date, description, document, origin)
    SELECT 1, 'bench-' || i, ${statementAccount}, i % 3 = 0, 1 + (i * 7919) % 100000,
      date('${FROM}', '+' || (i / 14) || ' days') || ' 10:00:00', 'Recebimento ' || i, 'DOC' || i, 'payment'
    FROM seq`);
  await run(`${sequence(PAGE)}
    INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, description, document, fit_id, dedupe_key, status_id, reconciled_value)
    SELECT 1, ${statementAccount}, date('${FROM}', '+' || (i / 14) || ' days'),
      CASE WHEN i % 3 = 0 THEN -(1 + (i * 7919) % 100000) ELSE 1 + (i * 7919) % 100000 END,
      'PIX RECEBIDO CLIENTE ' || i, 'DOC' || i, 'B' || printf('%08d', i), 'fit:B' || printf('%08d', i),
      CASE WHEN i % ${LINKED_EVERY} = 0 THEN 3 ELSE 1 END,
      CASE WHEN i % ${LINKED_EVERY} = 0 THEN 1 + (i * 7919) % 100000 ELSE 0 END
    FROM seq`);
  await run(`INSERT INTO conciliation_links (company_id, entry_id, bank_line_id, posted_by_link)
    SELECT 1, e.id, l.id, 0
    FROM bank_statement_conciliations l
    JOIN bank_statements e ON e.uid = 'bench-' || substr(l.fit_id, 2) + 0
    WHERE l.bank_account_id = ${statementAccount} AND l.status_id = 3`);
  await run(`${sequence(RULES)}
    INSERT INTO bank_statement_conciliation_rules (company_id, bank_account_id, type_rule, type_account, description, description_key)
    SELECT 1, ${reconcileAccount}, 1, i % 2, 'PIX FORNECEDOR ' || i, 'pix fornecedor ' || i FROM seq`);
  await run(`${sequence(RECONCILIABLE)}
    INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, description, dedupe_key)
    SELECT 1, ${reconcileAccount}, '2026-03-01', 1000, 'PIX RECEBIDO ' || i, 'bench:' || i FROM seq`);
  await run(`${sequence(RECONCILIABLE)}
    INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, status)
    SELECT 1, 0, 'Venda ' || i, 1000, 1000, '2026-03-01', 1 FROM seq`);
  const ids = async (sql) => (await db.prepare(sql).all()).results.map((r) => r.id);
  const lineIds = await ids(
    `SELECT id FROM bank_statement_conciliations WHERE bank_account_id = ${reconcileAccount} ORDER BY id`,
  );
  const titleIds = await ids("SELECT id FROM titles WHERE due_date = '2026-03-01' ORDER BY id");
  return { token: api.token, statementAccount, otherAccount, reconcileAccount, lineIds, titleIds };
}

/** GET of `url` with the token; the whole body is read; answers its size in bytes. */
async function get(url, token) {
  const response = await fetch(url, { headers: token ? { Authorization: `JWT ${token}` } : {} });
  const body = await response.arrayBuffer();
  if (response.status !== 200)
    throw new Error(`GET ${url}: ${response.status} ${new TextDecoder().decode(body)}`);
  return body.byteLength;
}

async function pageAgainstFloor(base, data, name, path, floorPath, mf) {
  const page = `${base}/1.0${path}`;
  const floor = `${base}${floorPath}`;
  const pageBody = await (await fetch(page, { headers: { Authorization: `JWT ${data.token}` } })).json();
  const lines = Array.isArray(pageBody) ? pageBody.length : pageBody.Entries.length;
  const floorRows = (await (await fetch(floor)).json()).length;
  if (lines !== PAGE || floorRows !== PAGE)
    throw new Error(`${name}: ${lines} lines, floor ${floorRows} rows`);
  const [pageBytes, floorBytes] = [await get(page, data.token), await get(floor)];
  console.log(
    `\n${name}: ${PAGE} lines, ${(pageBytes / 1024).toFixed(0)} KB (floor ${(floorBytes / 1024).toFixed(0)} KB)`,
  );
  const explained = await (
    await mf.dispatchFetch(`${base}/__bench/explain`, {
      method: "POST",
      body: JSON.stringify({ path: `/1.0${path}`, token: data.token }),
    })
  ).json();
  console.log(`  ${explained.statements.length} SQL statements:`);
  for (const { sql, plan } of explained.statements) {
    console.log(`  - ${sql.replace(/\s+/g, " ").slice(0, 160)}${sql.length > 160 ? "…" : ""}`);
    for (const step of plan) console.log(`      ${step}`);
  }
  const timings = await interleaved(
    { page: () => get(page, data.token), floor: () => get(floor) },
    { rounds: ROUNDS, warmUp: 5 },
  );
  const [p50, floor50] = [percentile(timings.page, 50), percentile(timings.floor, 50)];
  console.log(
    `  p50 ${p50.toFixed(1)} ms (p95 ${percentile(timings.page, 95).toFixed(1)}), floor p50 ${floor50.toFixed(1)} ms (p95 ${percentile(timings.floor, 95).toFixed(1)}), 1 connection, ${ROUNDS} requests each`,
  );
  checkRatio(`${name} p50 / floor p50`, p50, floor50, MAX_RATIO);
}

function scenarios(data) {
  const auth = { Authorization: `JWT ${data.token}`, "Content-Type": "application/json" };
  const range = `IDBankAccount=${data.statementAccount}&DateFrom=${FROM}&DateTo=${TO}`;
  let next = 0;
  const pairs = Math.min(data.lineIds.length, data.titleIds.length);
  return [
    { name: "GET /health (floor, no database)", path: "/health", headers: {} },
    { name: "GET /accounts/bank-account", path: "/1.0/accounts/bank-account", headers: auth },
    {
      name: `GET /accounts/bank-statement Source=1 (${PAGE})`,
      path: `/1.0/accounts/bank-statement?Source=1&${range}`,
      headers: auth,
    },
    {
      name: `GET /accounts/bank-statement Source=2 (${PAGE})`,
      path: `/1.0/accounts/bank-statement?Source=2&${range}`,
      headers: auth,
    },
    {
      name: `GET /accounts/bank-statement/conciliation-rule (${RULES} rules)`,
      path: "/1.0/accounts/bank-statement/conciliation-rule",
      headers: auth,
    },
    {
      name: "POST /accounts/bank-statement/transfer",
      path: "/1.0/accounts/bank-statement/transfer",
      method: "POST",
      headers: auth,
      body: JSON.stringify({ IDBankFrom: data.statementAccount, IDBankTo: data.otherAccount, Value: 12.34 }),
    },
    {
      name: "POST /accounts/bank-statement (reconcile one line)",
      path: "/1.0/accounts/bank-statement",
      method: "POST",
      headers: auth,
      maxOverallRequests: pairs,
      setupRequest: (request) => {
        const i = next++ % pairs; // maxOverallRequests keeps i below pairs
        request.body = JSON.stringify({
          IDBankStatementConciliation: data.lineIds[i],
          IDBankAccount: data.reconcileAccount,
          Accounts: [{ IDAccountPayableReceivable: data.titleIds[i] }],
        });
        return request;
      },
    },
  ];
}

function load(base, scenario) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${scenario.path}`,
        method: scenario.method ?? "GET",
        headers: scenario.headers,
        body: scenario.body,
        connections: CONNECTIONS,
        duration: DURATION,
        ...(scenario.maxOverallRequests ? { maxOverallRequests: scenario.maxOverallRequests } : {}),
        requests: scenario.setupRequest ? [{ setupRequest: scenario.setupRequest }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

console.log("Bundling the Worker with the bench-only floor routes (wrangler deploy --dry-run)...");
const worker = await startBenchWorker(bundleWorker({ entry: "scripts/bench/worker-entry.ts" }), { port: 0 });
const base = worker.url.origin; // a bare 127.0.0.1 host is the `bench` account (DEFAULT_ACCOUNT)
let failed = false;
try {
  const data = await seed(apiClient(`${base}/1.0`), worker.db);
  const range = `IDBankAccount=${data.statementAccount}&DateFrom=${FROM}&DateTo=${TO}`;
  const floorQuery = `account=${data.statementAccount}&from=${FROM}&to=${TO}`;
  await pageAgainstFloor(
    base,
    data,
    "Source=2 page",
    `/accounts/bank-statement?Source=2&${range}`,
    `/__bench/floor/bank-lines?${floorQuery}`,
    worker.mf,
  );
  await pageAgainstFloor(
    base,
    data,
    "Source=1 page",
    `/accounts/bank-statement?Source=1&${range}`,
    `/__bench/floor/entries?${floorQuery}`,
    worker.mf,
  );

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per scenario, Worker on ${base} (Miniflare, local D1)\n`,
  );
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "requests", "errors"];
  const rows = [];
  for (const scenario of scenarios(data)) {
    const result = await load(base, scenario);
    const errors = result.errors + result.timeouts + result.non2xx;
    if (errors > 0) failed = true;
    rows.push([
      scenario.name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.requests.total),
      String(errors),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (failed) console.error("\nerrors (non-2xx, timeouts or connection errors) seen: failing");
} finally {
  await worker.dispose();
}
process.exit(failed ? 1 : (process.exitCode ?? 0));
