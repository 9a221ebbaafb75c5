// The Worker of the HTTP benchmark: the product Worker unchanged, plus bench-only routes under
// /__bench that never ship (this module is bundled by the benchmark only):
//
// - GET /__bench/floor/bank-lines?account=&from=&to=   the floor of the Source=2 page: one SELECT of
//   the same rows and columns from the same database, answered with Response.json;
// - GET /__bench/floor/entries?account=&from=&to=      the floor of the Source=1 page: one SELECT
//   of the same entries with a window-function running balance;
// - POST /__bench/explain  {path, token}               runs GET `path` through the product Worker
//   and answers every SQL statement it ran with its EXPLAIN QUERY PLAN;
// - POST /__bench/floor/raw-fetch {url, bodies, concurrency}  the floor of webhook delivery: a plain
//   `fetch` POST of each body from the Worker, `concurrency` at a time; answers the elapsed ms.
// - POST /__bench/floor/create-orders {companyId, integrationId, paymentTypeId, afterId, limit}  the
//   floor of the hub pull: the orders of those hub orders created again through the orders domain's
//   `createOrder` directly (inputs read first, outside the timing); answers the elapsed ms.
// - POST /__bench/bound/return-writes?company=&account=  (body: a CNAB return file) the bound of the
//   return import: the file read, and each chunk planned and its statements built as the
//   BankReturnCNAB job does (untimed), then only the chunks' batches timed; answers the elapsed ms.
// - POST /__bench/bound/feed-page {url, apiKey, bankAccountId, rounds, follow?, alongside?}  a feed's
//   calls and read alone: each round, one page of the aggregator's transactions fetched with a bare
//   `fetch` (its API key given) and parsed (`follow`: and every next page, by its cursor), with the
//   `alongside` URLs (the item, its consents) fetched and parsed at the same time, then the account's
//   stored lines of the page's ids read as the sync reads them (`feedLinesOf`); answers the elapsed
//   ms of each round, split into fetch and read, with the pages and rows.
// - POST /__bench/adapter-sweep {baseUrl, clientId, clientSecret, accountId, from, to}  the same
//   window read by the product's adapter alone (`PluggyApi.transactions`: outbound rules, cursor,
//   mapping of every row), no job and no D1; answers the elapsed ms, pages and rows.
// - GET /__bench/jobs-ended[?reset=1]  per job id, when (epoch ms) the first queue invocation that
//   carried its message started (`startedAt`) and the last one ended (`endedAt`: the instant the job
//   was left Done, without a poll's granularity), their number and how many are still running.
// - POST /__bench/bound/nfe-rows {mode, companyId, orderIds | noteIds, url, series}  the rows' bound of
//   bench:nfe-emit (scripts/bench/nfe-rows-bound.ts): per order, its note built and signed in workerd,
//   one loopback call to the authorizer double, the XMLs put to R2 and the note's row with the order's
//   invoicing batch run alone, each part timed; answers the times, the double's cStats and the notes.
// - POST /__bench/orders {companyId, body, count}  `count` orders of one POST /orders body created through
//   the orders domain's `createOrders` (sets of 250): a benchmark's set-up of many paid orders.
// - GET /__bench/invariants            the test suite's invariant violations of the database ([] when none)
// - GET /__bench/d1-calls[?reset=1]  per queue (`queues`) and per route of the product Worker
//   (`routes`: method and path, numbers as :id), the invocations it ran and the highest count of D1
//   calls one of them made (each binding counted by src/platform/d1-counter.ts as D1's
//   per-invocation limit counts: a batch is as many queries as statements); `reset` starts over.

import { and, asc, eq, gt } from "drizzle-orm";
import { hubOrders } from "../../drizzle/schema";
import { PluggyApi } from "../../src/adapters/openfinance/pluggy-api";
import { drizzleFor } from "../../src/db/client";
import { hubOrderItemsOf } from "../../src/db/hub/orders";
import { feedLinesOf } from "../../src/db/openfinance";
import { inGroups, type Statement } from "../../src/db/sql";
import { NO_RETURN_COUNTS } from "../../src/domain/bank-returns/apply-plan";
import {
  planReturnChunk,
  RETURN_RECORDS_PER_CHUNK,
  returnChunkWrites,
} from "../../src/domain/bank-returns/import-job";
import { readBankReturn } from "../../src/domain/bank-returns/read-return";
import { orderInputOf } from "../../src/domain/hub/create-orders";
import type { JobMessage } from "../../src/domain/jobs/job-message";
import { createOrder } from "../../src/domain/orders/create-order";
import { createOrders } from "../../src/domain/orders/create-orders";
import type { Env } from "../../src/env";
import worker from "../../src/index";
import { countedEnv, noCalls } from "../../src/platform/d1-counter";
import { OrderCreateSchema, orderInputOfBody } from "../../src/routes/orders/schemas/orders";
import { invariantViolations } from "../../test/support/invariants";
import { nfeRowsBound } from "./nfe-rows-bound";

type Recorded = { sql: string; params: unknown[] };

const PAGE = 5000;

/** The tenant database of the benchmark, with every prepared statement (SQL and bindings) recorded. */
function recording(database: D1Database, log: Recorded[]): D1Database {
  const statement = (stmt: D1PreparedStatement, entry: Recorded): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind")
          return (...params: unknown[]) => {
            entry.params = params;
            return statement(target.bind(...params), entry);
          };
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const session = <T extends D1Database | D1DatabaseSession>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "prepare")
          return (sql: string) => {
            const entry: Recorded = { sql, params: [] };
            log.push(entry);
            return statement(target.prepare(sql), entry);
          };
        if (prop === "withSession")
          return (constraint: string) => session((target as D1Database).withSession(constraint));
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return session(database);
}

async function explain(request: Request, env: Env & { DB_BENCH: D1Database }, ctx: ExecutionContext) {
  const { path, token } = (await request.json()) as { path: string; token: string };
  const log: Recorded[] = [];
  const url = new URL(path, request.url);
  const answer = await worker.fetch(
    new Request(url, { headers: { Authorization: `JWT ${token}` } }),
    { ...env, DB_BENCH: recording(env.DB_BENCH, log) } as Env,
    ctx,
  );
  await answer.arrayBuffer();
  const plans = [];
  for (const { sql, params } of log) {
    const { results } = await env.DB_BENCH.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    plans.push({ sql, plan: results.map((r) => r.detail) });
  }
  return Response.json({ status: answer.status, statements: plans });
}

const BANK_LINES_FLOOR = `SELECT id AS IDBankStatementConciliation, bank_account_id AS IDBankAccount, date AS Date,
  value / 100.0 AS Value, description AS Description, document AS Document, fit_id AS FitId,
  status_id AS IDTypeStatusConciliation, rule_id AS IDBankStatementConciliationRule, '[]' AS InternalAccounts,
  0 AS TotalInflow, 0 AS TotalOutflow, value / 100.0 AS Difference, reconciled_value / 100.0 AS ReconciledValue
  FROM bank_statement_conciliations WHERE bank_account_id = ?1 AND date BETWEEN ?2 AND ?3 ORDER BY date, id LIMIT ${PAGE}`;

const ENTRIES_FLOOR = `SELECT id AS IDBankStatement, bank_account_id AS IDBankAccount, date AS Date,
  description AS Description, document AS Document, type_account AS IDTypeAccount, value / 100.0 AS Value,
  title_id AS IDAccountPayableReceivable, transfer_id AS IDBankStatementTransfer, origin AS Origin,
  NULL AS IDBankStatementConciliation, NULL AS IDAccountsPayableReceivableConciliation,
  NULL AS IDTypeStatusConciliation, NULL AS PostedByLink,
  sum(CASE WHEN type_account = 0 THEN value ELSE -value END) OVER (ORDER BY date, id ROWS UNBOUNDED PRECEDING) / 100.0 AS Balance
  FROM bank_statements WHERE bank_account_id = ?1 AND date >= ?2 AND date < date(?3, '+1 day')
  ORDER BY date, id LIMIT ${PAGE}`;

async function floor(sql: string, url: URL, db: D1Database) {
  const q = url.searchParams;
  const { results } = await db
    .prepare(sql)
    .bind(Number(q.get("account")), q.get("from"), q.get("to"))
    .all();
  return Response.json(results);
}

async function rawFetch(request: Request) {
  const { url, bodies, concurrency } = (await request.json()) as {
    url: string;
    bodies: string[];
    concurrency: number;
  };
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const answer = await fetch(url, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
      await answer.body?.cancel();
      if (answer.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return Response.json({ elapsedMs: performance.now() - started, failed });
}

async function createOrdersDirectly(request: Request, database: D1Database) {
  const { companyId, integrationId, paymentTypeId, afterId, limit } = (await request.json()) as {
    companyId: number;
    integrationId: number;
    paymentTypeId: number;
    afterId: number;
    limit: number;
  };
  const db = drizzleFor(database);
  const rows = await db
    .select()
    .from(hubOrders)
    .where(
      and(
        eq(hubOrders.companyId, companyId),
        eq(hubOrders.companyIntegrationId, integrationId),
        gt(hubOrders.id, afterId),
      ),
    )
    .orderBy(asc(hubOrders.id))
    .limit(limit);
  const inputs = [];
  for (const row of rows) {
    const items = await hubOrderItemsOf(db, companyId, row.id);
    // a new order each time (no import key): the floor creates, it never finds
    inputs.push({
      ...orderInputOf({ ...row, warehouseId: row.warehouseId! }, items, paymentTypeId),
      importKey: null,
    });
  }
  const started = performance.now();
  for (const input of inputs) await createOrder(db, { companyId, userId: null }, input);
  return Response.json({
    elapsedMs: performance.now() - started,
    created: inputs.length,
    lastId: rows.at(-1)?.id ?? afterId,
  });
}

/**
 * The rows a return writes, alone: the chunks of the file planned and built exactly as the
 * `BankReturnCNAB` job does (domain/bank-returns/import-job.ts), untimed, and only their batches
 * timed (without the job's progress row). No import writing these rows can take less.
 */
async function returnWritesAlone(request: Request, url: URL, database: D1Database) {
  const companyId = Number(url.searchParams.get("company"));
  const bankAccountId = Number(url.searchParams.get("account"));
  const file = readBankReturn(new Uint8Array(await request.arrayBuffer()));
  if (!file.ok) return Response.json({ error: file.message }, { status: 400 });
  const db = drizzleFor(database);
  const scope = { companyId, bankAccountId, jobId: 0, userId: null };
  let counts = NO_RETURN_COUNTS;
  let elapsedMs = 0;
  for (const chunk of inGroups(file.records, RETURN_RECORDS_PER_CHUNK)) {
    const plan = await planReturnChunk(db, scope, file.generatedOn, chunk, counts);
    const statements = returnChunkWrites(db, scope, plan);
    const started = performance.now();
    await db.batch(statements as [Statement, ...Statement[]]);
    elapsedMs += performance.now() - started;
    counts = plan.counts;
  }
  return Response.json({ elapsedMs, counts });
}

/**
 * The least a feed's re-sync can do (docs/PERFORMANCE.md, "bench:openfinance"): the window's page
 * fetched from the aggregator and parsed, and the account's lines of its ids read, nothing else (no
 * key lookup, item check, job, outbound rules or log).
 */
async function feedPageBound(request: Request, database: D1Database) {
  const { url, apiKey, bankAccountId, rounds, follow, alongside } = (await request.json()) as {
    url: string;
    apiKey: string;
    bankAccountId: number;
    rounds: number;
    follow?: boolean;
    alongside?: string[];
  };
  const db = drizzleFor(database);
  const headers = { Accept: "application/json", "X-API-KEY": apiKey };
  const times: {
    fetchMs: number;
    readMs: number;
    pages: number;
    rows: number;
    stored: number;
    alongside: number[];
  }[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const ids: string[] = [];
    let pages = 0;
    // the other calls of the protocol (the item, its consents), sent with the first page, at once
    const others = Promise.all(
      (alongside ?? []).map(async (other) => {
        const answer = await fetch(other, { headers });
        if (answer.status !== 200) throw new Error(`${other}: ${answer.status}`);
        return JSON.stringify(JSON.parse(await answer.text())).length;
      }),
    );
    for (let next: string | null = url; next !== null; ) {
      const answer = await fetch(next, { headers });
      const page = JSON.parse(await answer.text()) as { results: { id: string }[]; next: string | null };
      pages++;
      for (const row of page.results) ids.push(row.id);
      next = follow && page.next ? new URL(page.next, url).toString() : null;
    }
    const answeredAlongside = await others;
    const fetched = performance.now();
    const stored = await feedLinesOf(db, bankAccountId, ids);
    times.push({
      fetchMs: fetched - started,
      readMs: performance.now() - fetched,
      pages,
      rows: ids.length,
      stored: stored.length,
      alongside: answeredAlongside,
    });
  }
  return Response.json(times);
}

/** The window read by the adapter alone (its key asked first, untimed). */
async function adapterSweep(request: Request) {
  const { baseUrl, clientId, clientSecret, accountId, from, to } = (await request.json()) as {
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    accountId: string;
    from: string;
    to: string;
  };
  const api = new PluggyApi({ baseUrl, clientId, clientSecret });
  const item = await api.getItem("none"); // asks the API key; the answer (404) does not matter
  const started = performance.now();
  const sweep = await api.transactions({ accountId, from, to });
  const elapsedMs = performance.now() - started;
  if (!sweep.ok) return Response.json({ error: sweep.reason, item: item.ok }, { status: 502 });
  return Response.json({ elapsedMs, pages: sweep.value.pages, rows: sweep.value.transactions.length });
}

/**
 * `count` orders of one `POST /orders` body (validated by the route's schema, mapped as its handler
 * maps it) created through the orders domain's `createOrders`, sets of 250 (the template import's
 * way): the set-up of a benchmark that needs many orders in a status with payments. Answers the ids.
 */
async function createOrdersInBulk(request: Request, database: D1Database) {
  const { companyId, body, count } = (await request.json()) as {
    companyId: number;
    body: unknown;
    count: number;
  };
  const input = orderInputOfBody(OrderCreateSchema.parse(body));
  const db = drizzleFor(database);
  const ids: number[] = [];
  for (let done = 0; done < count; done += 250) {
    const set = Array.from({ length: Math.min(250, count - done) }, () => input);
    for (const answer of await createOrders(db, { companyId, userId: null }, set)) {
      if ("error" in answer) return Response.json({ error: answer.error }, { status: 400 });
      ids.push(answer.id);
    }
  }
  return Response.json({ ids });
}

type Seen = { invocations: number; highest: number; total: number };

/** Per job id, when its first queue invocation started and its last one ended (epoch ms). */
let jobsEnded: Record<
  number,
  { startedAt: number; endedAt: number | null; invocations: number; running: number }
> = {};

const jobIdsOf = (batch: MessageBatch<JobMessage>) =>
  batch.messages
    .map((message) => (message.body as { jobId?: unknown }).jobId)
    .filter((id): id is number => typeof id === "number");

/** Per queue, and per route: the invocations and the most D1 calls one of them made. */
let queueCalls: Record<string, Seen> = {};
let routeCalls: Record<string, Seen> = {};

function record(table: Record<string, Seen>, key: string, calls: number) {
  const seen = table[key] ?? { invocations: 0, highest: 0, total: 0 };
  seen.invocations++;
  seen.highest = Math.max(seen.highest, calls);
  seen.total += calls;
  table[key] = seen;
}

async function countedQueue(batch: MessageBatch<JobMessage>, env: Env, ctx: ExecutionContext) {
  const calls = noCalls();
  const started = Date.now();
  for (const jobId of jobIdsOf(batch)) {
    const seen = jobsEnded[jobId];
    jobsEnded[jobId] = {
      startedAt: seen?.startedAt ?? started,
      endedAt: seen?.endedAt ?? null,
      invocations: (seen?.invocations ?? 0) + 1,
      running: (seen?.running ?? 0) + 1,
    };
  }
  try {
    await worker.queue(batch, countedEnv(env, calls), ctx);
  } finally {
    record(queueCalls, batch.queue, calls.total);
    const ended = Date.now();
    for (const jobId of jobIdsOf(batch)) {
      const seen = jobsEnded[jobId];
      if (seen) Object.assign(seen, { endedAt: ended, running: seen.running - 1 });
    }
  }
}

async function countedFetch(request: Request, env: Env, ctx: ExecutionContext) {
  const calls = noCalls();
  try {
    return await worker.fetch(request, countedEnv(env, calls), ctx);
  } finally {
    const path = new URL(request.url).pathname.replace(/\/\d+(?=\/|$)/g, "/:id");
    record(routeCalls, `${request.method} ${path}`, calls.total);
  }
}

function d1Calls(url: URL) {
  const answer = Response.json({ queues: queueCalls, routes: routeCalls });
  if (url.searchParams.has("reset")) {
    queueCalls = {};
    routeCalls = {};
  }
  return answer;
}

export default {
  async fetch(request: Request, env: Env & { DB_BENCH: D1Database }, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/floor/bank-lines") return floor(BANK_LINES_FLOOR, url, env.DB_BENCH);
    if (url.pathname === "/__bench/floor/entries") return floor(ENTRIES_FLOOR, url, env.DB_BENCH);
    if (url.pathname === "/__bench/explain" && request.method === "POST") return explain(request, env, ctx);
    if (url.pathname === "/__bench/floor/raw-fetch" && request.method === "POST") return rawFetch(request);
    if (url.pathname === "/__bench/floor/create-orders" && request.method === "POST")
      return createOrdersDirectly(request, env.DB_BENCH);
    if (url.pathname === "/__bench/bound/return-writes" && request.method === "POST")
      return returnWritesAlone(request, url, env.DB_BENCH);
    if (url.pathname === "/__bench/orders" && request.method === "POST")
      return createOrdersInBulk(request, env.DB_BENCH);
    if (url.pathname === "/__bench/bound/nfe-rows" && request.method === "POST")
      return nfeRowsBound(request, env);
    if (url.pathname === "/__bench/d1-calls") return d1Calls(url);
    if (url.pathname === "/__bench/bound/feed-page" && request.method === "POST")
      return feedPageBound(request, env.DB_BENCH);
    if (url.pathname === "/__bench/adapter-sweep" && request.method === "POST") return adapterSweep(request);
    if (url.pathname === "/__bench/jobs-ended") {
      const answer = Response.json(jobsEnded);
      if (url.searchParams.has("reset")) jobsEnded = {};
      return answer;
    }
    // the suite's invariant checker (stock = ledger, order payments = titles, reservations = open
    // reserving items, balances = entries...) on the bench database, after the bulk work
    if (url.pathname === "/__bench/invariants") return Response.json(await invariantViolations(env.DB_BENCH));
    return countedFetch(request, env, ctx);
  },
  queue: countedQueue,
} satisfies ExportedHandler<Env & { DB_BENCH: D1Database }, JobMessage>;
