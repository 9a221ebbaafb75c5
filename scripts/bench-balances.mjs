// Latency of GET /accounts/bank-account with 10k, 100k and 1M entries per account.
// Balances come from per-day totals, so the 1M figure must stay within 2x of the 10k one.
// Runs the bundled Worker in-process with Miniflare and a local D1 in a temporary folder; no network.
//   npm run bench:balances [-- --accounts 3 --requests 50 --per-day 300]
//
// One company per size, each with the same number of accounts; the sizes are requested in turn
// (round-robin), so load from other processes on the machine hits every size alike.
import { parseArgs } from "node:util";
import { checkRatio, interleaved, percentile } from "./lib/bench-report.mjs";
import { benchApi, bundleWorker, seedCompany, startBenchWorker } from "./lib/bench-worker.mjs";

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
const ZONE = "America/Sao_Paulo";

const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)}s`;
const label = (size) => size.toLocaleString("en-US").padStart(9);

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
async function seedSize(api, db, companyId, size, today) {
  const { email, password } = await seedCompany(db, companyId);
  const token = await api.signIn(email, password);
  for (let i = 0; i < ACCOUNTS; i++) {
    await api.call("POST", "/accounts/bank-account", {
      Bank: `Banco ${i + 1}`,
      BankNumber: String(i + 1).padStart(3, "0"),
      Agency: "0001",
      AccountNumber: `${companyId}000${i}-0`,
      IDCompanyInvoice: companyId,
    });
  }
  const accounts = await api.call("GET", "/accounts/bank-account");
  for (const { IDBankAccount } of accounts) {
    await insertTitles(db, companyId, IDBankAccount, today);
    for (let from = 0; from < size; from += CHUNK) {
      await insertEntries(db, companyId, IDBankAccount, from, Math.min(size, from + CHUNK), today);
    }
  }
  return token;
}

/** The API's Balance must equal the plain sum of the entries up to today (a full scan, done once). */
async function checkBalances(api, db, token, today) {
  const list = await api.call("GET", "/accounts/bank-account", undefined, { token });
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

/** REQUESTS rounds after WARM_UP untimed ones; each round lists every size once, in a rotating order. */
async function measure(api, tokens) {
  const list = (token) => () => api.call("GET", "/accounts/bank-account", undefined, { token });
  const timings = await interleaved(Object.fromEntries(tokens.map((token, index) => [index, list(token)])), {
    rounds: REQUESTS,
    warmUp: WARM_UP,
  });
  return tokens.map((_, index) => ({
    p50: percentile(timings[index], 50),
    p95: percentile(timings[index], 95),
  }));
}

async function main() {
  const started = performance.now();
  console.log("Bundling the Worker (wrangler deploy --dry-run)...");
  const worker = await startBenchWorker(bundleWorker());
  try {
    const { mf, db } = worker;
    const api = benchApi(mf);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    console.log(`${ACCOUNTS} accounts per size, ~${PER_DAY} entries a day, 500 titles per account`);

    const tokens = [];
    for (const [index, size] of SIZES.entries()) {
      const seedStart = performance.now();
      const token = await seedSize(api, db, index + 1, size, today);
      await checkBalances(api, db, token, today);
      tokens.push(token);
      const days = Math.ceil(size / PER_DAY);
      console.log(
        `${label(size)} entries/account (${days} days): seeded and checked in ${seconds(seedStart)}`,
      );
    }

    console.log(
      `\nGET /accounts/bank-account, ${REQUESTS} requests per size (after ${WARM_UP} warm-up rounds):`,
    );
    const results = await measure(api, tokens);
    for (const [index, size] of SIZES.entries()) {
      const { p50, p95 } = results[index];
      console.log(`${label(size)} entries/account: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    }
    console.log(`p95 1M/10k: ${(results.at(-1).p95 / results[0].p95).toFixed(2)}x`);
    // the floor is the same list at 10k entries: balances from day totals must not grow with the entries
    checkRatio(
      "p50 at 1M entries / p50 at 10k entries (floor)",
      results.at(-1).p50,
      results[0].p50,
      MAX_RATIO,
    );
    console.log(`Total time ${seconds(started)}`);
  } finally {
    await worker.dispose();
  }
}

await main();
