import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./test/support/slow-first-sequencer";

/** Seed of the random choices of the fuzz and invariant suites: `TEST_SEED=<n>` replays a run. */
/**
 * A failed test runs again, twice at most, on the same state: a test that passes only then is
 * flaky, a defect to fix; the recap printed last names it with its first failure and fails the run.
 */
const retry = 2;

const testSeed = process.env.TEST_SEED
  ? Number.parseInt(process.env.TEST_SEED, 10)
  : Math.floor(Math.random() * 2 ** 31);
// the config is read more than once per run: every read takes the first one's seed, and the
// hang-watch reporter prints it first
process.env.TEST_SEED = String(testSeed);

/** Tests of pure code: they need neither workerd nor a database and run in the "unit" project. */
const pureTests = ["test/domain/**/*.test.ts", "test/lib/**/*.test.ts"];

export default defineConfig({
  test: {
    // Three test files at a time on a 2-core machine: vitest's default is one (cores - 1), and each
    // worker's workerd leaves its core idle while it waits between requests (3 workers: 417 s for the
    // whole run against 454 s with 2, same machine, same load).
    maxWorkers: 3,
    // the longest files start first, so the two workers finish together
    sequence: { sequencer: SlowFirstSequencer },
    silent: "passed-only",
    // the fuzz totals (per route in docs/artifacts/fuzz-summary.json), then a recap of what failed, last;
    // the hang watch prints the seed and the files that run too long, and ends a run past its deadline
    reporters: [
      "default",
      "./test/fuzz/summary-reporter.mjs",
      "./test/support/failure-recap-reporter.mjs",
      "./test/support/hang-watch-reporter.mjs",
    ],
    projects: [
      {
        // Routes, domain and queue tests inside workerd with real local D1/R2/Queue bindings.
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                JWT_SECRET: "test-jwt-secret-not-for-production-0123456789",
                UPLOAD_SIGNING_SECRET: "test-upload-secret-not-for-production-0123456789",
                HUB_CREDENTIALS_KEY: "test-hub-credentials-key-not-for-production-0123456789",
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                // webhook retries without waiting, a short timeout and a near dead end (test/routes/events)
                WEBHOOK_RETRY_BASE_SECONDS: "0",
                WEBHOOK_TIMEOUT_MS: "3000",
                WEBHOOK_MAX_ATTEMPTS: "3",
                // a stalled PSP (test/routes/pix) is given up quickly
                PIX_TIMEOUT_MS: "2000",
                // every request, queue delivery and cron run counts its D1 calls and fails above D1's
                // 1,000 per invocation (src/platform/invocation-guard.ts, test/setup/d1-budget.ts)
                D1_BUDGET: "enforce",
                // a stalled SEFAZ double (test/routes/sefaz) is given up after 5 s: long enough that a
                // loaded machine never times out a healthy answer (the kill cases call it too)
                SEFAZ_TIMEOUT_MS: "5000",
                // an NF-e job whose notes wait (656, 108/109, no answer) looks again every second
                // (test/routes/nfe moves a note's retryAt to the past instead of waiting)
                NFE_RETRY_POLL_SECONDS: "1",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          provide: { testSeed },
          include: ["test/**/*.test.ts"],
          exclude: ["test/node/**", "test/scripts/**", ...pureTests, "**/node_modules/**"],
          // one workerd per vitest worker, reused by the files it runs (a fresh runtime per file cost
          // seconds each); test/setup/apply-migrations.ts gives every file fresh storage instead
          isolate: false,
          // the Worker's log lines held and printed once per test (a stalled pool otherwise, see worker-logs.ts)
          setupFiles: [
            "./test/setup/worker-logs.ts",
            "./test/setup/apply-migrations.ts",
            "./test/setup/d1-budget.ts",
          ],
          // hands the OFX fixture bytes (in-repo MIT copies, GPL ones from ../shared when present) to workerd
          // and starts the webhook receiver on loopback that the events tests deliver to, and the PSP
          // double (API Pix v2) the Pix adapter tests call
          globalSetup: [
            "./test/domain/ofx/fixtures.setup.mjs",
            "./test/support/webhook-receiver.setup.mjs",
            "./test/support/pix-psp-double.setup.mjs",
            // SEFAZ's event service (NFeRecepcaoEvento4), verifying signatures with xml-crypto
            "./test/support/sefaz-event-double.setup.mjs",
            "./test/support/ml-double.setup.mjs",
            "./test/support/sefaz-double.setup.mjs",
            // SEFAZ's NF-e authorizer (NFeAutorizacao4 and the other 4.00 services of an issuer),
            // validating each message with xmllint and verifying signatures with xml-crypto
            "./test/support/sefaz-authorizer-double.setup.mjs",
            // Pluggy's API (Open Finance aggregator): items, accounts, cursor-paged transactions, webhooks
            "./test/support/pluggy-double.setup.mjs",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
      {
        // Pure functions (parsers, rules, money, dates): plain Node, no workerd nor databases to boot.
        test: {
          name: "unit",
          environment: "node",
          include: pureTests,
          // one Node process per vitest worker for all the pure files (a fresh one per file cost 105 CPU
          // seconds for the 93 files, against 33 so); a test that stubs a global restores it
          isolate: false,
          provide: { testSeed },
          // the OFX fixture bytes, as the workers project receives them
          globalSetup: ["./test/domain/ofx/fixtures.setup.mjs"],
          retry,
        },
      },
      {
        // The operator's scripts (tenant:add, tenant:list) run as a user would, on a copy of wrangler.toml.
        test: {
          name: "scripts",
          environment: "node",
          include: ["test/scripts/**/*.test.ts"],
          testTimeout: 120_000,
          retry,
        },
      },
      {
        // What the API's users meet from outside: the OpenAPI document through a validator (which
        // compiles code at run time, forbidden in workerd), the /docs page in Chromium, the demo script.
        test: {
          name: "node",
          environment: "node",
          include: ["test/node/**/*.test.ts"],
          globalSetup: ["./test/node/local-server.setup.ts"],
          setupFiles: ["./test/setup/node-server-ready.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          retry,
        },
      },
    ],
  },
});
