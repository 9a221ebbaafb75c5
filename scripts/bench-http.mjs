// HTTP load of the local Worker (`wrangler dev` on 127.0.0.1, ephemeral state): hot reads and
// writes next to GET /health, the framework floor (same middlewares, no database).
//   npm run bench:http [-- --duration 5 --connections 10 --port 8799]
//
// Every request is a valid operation: transfers go between two accounts; each reconciliation
// takes its own pre-seeded bank line and title. Seed data goes straight into the local D1 of the
// ephemeral state (5000 entries for the statement page, rules, lines and titles). Prints
// requests/s, p50/p99 latency and errors per scenario; any error (non-2xx included) exits 1.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startLocalServer } from "./lib/local-server.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "8799" },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const PORT = Number(options.port);
const BASE = `http://127.0.0.1:${PORT}`; // a bare 127.0.0.1 host is the `demo` account
const STATEMENT_ENTRIES = 5000;
const RULES = 300;
/** Bank lines (and titles) to reconcile: one per request, more than a run can use. */
const RECONCILIABLE = 10_000;

async function api(method, path, token, body) {
  const response = await fetch(`${BASE}/1.0${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `JWT ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs SQL on the demo account's local D1 (the running server's state folder). */
function sqlOnDemo(persistTo, sql) {
  const dir = mkdtempSync(join(tmpdir(), "bench-http-sql-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, sql);
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB_DEMO", "--local", "--persist-to", persistTo, "--file", file],
    { encoding: "utf8", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } },
  );
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}\n${result.stderr}`);
}

const sequence = (count) =>
  `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ${count})`;

async function seed(persistTo) {
  const { Token: token } = await api("POST", "/user/signin/local", undefined, {
    Email: "admin@demo.local",
    Password: "demo123",
  });
  const create = async (n) => {
    const list = await api("POST", "/accounts/bank-account", token, {
      Bank: `Banco ${n}`,
      BankNumber: "341",
      Agency: "0001",
      AccountNumber: `${n}0000-${n}`,
    });
    return Math.max(...list.map((a) => a.IDBankAccount));
  };
  const [statementAccount, otherAccount, reconcileAccount] = [
    await create(1),
    await create(2),
    await create(3),
  ];
  sqlOnDemo(
    persistTo,
    `${sequence(STATEMENT_ENTRIES)}
     INSERT INTO bank_statements (company_id, uid, bank_account_id, type_account, value, date, description, document, origin)
     SELECT 1, 'bench-' || i, ${statementAccount}, i % 3 = 0, 1 + (i * 7919) % 100000,
       date('2026-01-01', '+' || (i / 40) || ' days') || ' 10:00:00', 'Recebimento ' || i, 'DOC' || i, 'payment'
     FROM seq;
     ${sequence(RULES)}
     INSERT INTO bank_statement_conciliation_rules (company_id, bank_account_id, type_rule, type_account, description, description_key)
     SELECT 1, ${reconcileAccount}, 1, i % 2, 'PIX FORNECEDOR ' || i, 'pix fornecedor ' || i FROM seq;
     ${sequence(RECONCILIABLE)}
     INSERT INTO bank_statement_conciliations (company_id, bank_account_id, date, value, description, dedupe_key)
     SELECT 1, ${reconcileAccount}, '2026-03-01', 1000, 'PIX RECEBIDO ' || i, 'bench:' || i FROM seq;
     ${sequence(RECONCILIABLE)}
     INSERT INTO titles (company_id, type_account, description, value, open_value, due_date, status)
     SELECT 1, 0, 'Venda ' || i, 1000, 1000, '2026-03-01', 1 FROM seq;`,
  );
  const allPages = async (path, idOf) => {
    const ids = [];
    for (let page = 0; ; page++) {
      const batch = await api("GET", `${path}&Page=${page}`, token);
      if (batch.length === 0) return ids.sort((a, b) => a - b);
      ids.push(...batch.map(idOf));
    }
  };
  const lineIds = await allPages(
    `/accounts/bank-statement?Source=2&IDBankAccount=${reconcileAccount}&DateFrom=2026-03-01&DateTo=2026-03-01`,
    (l) => l.IDBankStatementConciliation,
  );
  const titleIds = await allPages(
    "/accounts/receivable?DueDateFrom=2026-03-01&DueDateTo=2026-03-01",
    (t) => t.IDAccountPayableReceivable,
  );
  const statement = await api(
    "GET",
    `/accounts/bank-statement?Source=1&IDBankAccount=${statementAccount}&DateFrom=2026-01-01&DateTo=2026-12-31`,
    token,
  );
  if (statement.Entries.length !== STATEMENT_ENTRIES)
    throw new Error(`statement page of ${statement.Entries.length} lines`);
  return { token, statementAccount, otherAccount, reconcileAccount, lineIds, titleIds };
}

function scenarios(data) {
  const auth = { Authorization: `JWT ${data.token}`, "Content-Type": "application/json" };
  const statement = `/1.0/accounts/bank-statement?Source=1&IDBankAccount=${data.statementAccount}&DateFrom=2026-01-01&DateTo=2026-12-31`;
  let next = 0;
  const pairs = Math.min(data.lineIds.length, data.titleIds.length);
  return [
    { name: "GET /health (floor, no database)", path: "/health", headers: {} },
    { name: "GET /accounts/bank-account", path: "/1.0/accounts/bank-account", headers: auth },
    { name: `GET /accounts/bank-statement (page of ${STATEMENT_ENTRIES})`, path: statement, headers: auth },
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

function run(scenario) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${BASE}${scenario.path}`,
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

const server = await startLocalServer({ port: PORT, ephemeral: true, quiet: true });
const persistTo = server.child.spawnargs[server.child.spawnargs.indexOf("--persist-to") + 1];
let failed = false;
try {
  console.log(`seeding the local D1 (${persistTo})...`);
  const data = await seed(persistTo);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s per scenario, Worker on ${BASE} (wrangler dev, local D1)\n`,
  );
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "requests", "errors"];
  const rows = [];
  for (const scenario of scenarios(data)) {
    const result = await run(scenario);
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
  await server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
