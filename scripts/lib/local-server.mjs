// Boots the API locally the way `npm start` does: migrations, demo data, `wrangler dev`.
// Used by `npm start`, the end-to-end tests (browser, demo) and the HTTP benchmark.
import { spawn } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { DEMO_PASSWORD, SEED_PLAN, seedStatements } from "../../src/dev/seed-plan.ts";
import { runCommand, signalGroup } from "./run-command.mjs";

const root = new URL("../..", import.meta.url).pathname;

/** How long one local wrangler command may take: about 4 s alone, 25 s on a loaded 2-core machine. */
const WRANGLER_TIMEOUT_MS = 180_000;

/** Runs wrangler to its end (or its time limit, killing it and what it started); answers its standard output. */
async function wrangler(args) {
  const result = await runCommand("npx", ["wrangler", ...args], {
    cwd: root,
    env: { ...process.env, CI: "true" },
    timeoutMs: WRANGLER_TIMEOUT_MS,
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** The local accounts: `[vars]` TENANTS of wrangler.toml, account -> D1 binding. */
export function tenantsFromWranglerToml() {
  const config = parse(readFileSync(join(root, "wrangler.toml"), "utf8"));
  if (typeof config.vars?.TENANTS !== "string") throw new Error("TENANTS not found in wrangler.toml [vars]");
  return JSON.parse(config.vars.TENANTS);
}

/** A password stored as src/domain/identity/password.ts does (PBKDF2-SHA256, 100000 iterations). */
export function storedPassword(password) {
  const salt = randomBytes(16);
  const iterations = 100_000;
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return { hash: hash.toString("base64"), salt: salt.toString("base64"), iterations };
}

/**
 * wrangler's record of the migrations applied to a database: its `d1_migrations` table (wrangler.toml
 * names no `migrations_table`), created as `wrangler d1 migrations apply` creates it when missing.
 */
const MIGRATIONS_TABLE = "d1_migrations";
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** The files of migrations/ in the order wrangler applies them (their names start with a zero-padded number). */
function migrationNames() {
  return readdirSync(join(root, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** The migrations wrangler recorded as applied to a local database (none on a new one). */
async function appliedMigrations(binding, persist) {
  const output = await wrangler([
    "d1",
    "execute",
    binding,
    "--local",
    ...persist,
    "--json",
    "--command",
    `${CREATE_MIGRATIONS_TABLE}; SELECT name FROM ${MIGRATIONS_TABLE}`,
  ]);
  const answers = JSON.parse(output);
  return new Set(answers.at(-1).results.map((row) => row.name));
}

/**
 * Applies the migrations not yet applied to every local account's D1 and seeds the demo data where
 * empty, in ONE `wrangler d1 execute --file` per account: each migration as `wrangler d1 migrations
 * apply` runs it (its SQL, then its name into wrangler's table), so `wrangler d1 migrations list` and
 * `apply` find them applied (test/scripts/local-migrations.test.ts). `wrangler d1 migrations apply
 * --local` starts a local runtime for each migration: 28 s for 27 migrations on a 2-core machine,
 * against about 4 s for the one file. On a `fresh` state folder nothing is applied yet, so the list is
 * not read. `accounts` (account -> D1 binding) defaults to every account of TENANTS.
 */
export async function migrateAndSeed({
  persistTo,
  fresh = false,
  accounts = tenantsFromWranglerToml(),
  password = DEMO_PASSWORD,
  quiet = false,
} = {}) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  // each migration as wrangler's apply runs it: its SQL, then its name into wrangler's table
  const migrations = migrationNames().map((name) => ({
    name,
    sql: `${readFileSync(join(root, "migrations", name), "utf8")}\nINSERT INTO ${MIGRATIONS_TABLE} (name) VALUES ('${name.replaceAll("'", "''")}');`,
  }));
  for (const [account, binding] of Object.entries(accounts)) {
    const applied = fresh ? new Set() : await appliedMigrations(binding, persist);
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    const statements = [`${CREATE_MIGRATIONS_TABLE};`, ...pending.map((migration) => migration.sql)];
    const plan = SEED_PLAN[account];
    if (plan) {
      const stored = storedPassword(password);
      statements.push(`${seedStatements(plan, () => stored).join(";\n")};`);
    }
    const file = join(dir, `${account}.sql`);
    writeFileSync(file, `${statements.join("\n")}\n`);
    if (!quiet) {
      const applying = pending.length === 0 ? "no migration to apply" : `${pending.length} migrations`;
      console.log(`== ${account} (${binding}): ${applying}${plan ? ", demo data (only when empty)" : ""}`);
    }
    await wrangler(["d1", "execute", binding, "--local", ...persist, "--file", file]);
  }
}

/** The last lines of the quiet server's output, to say why it did not start. */
function tailOf(logFile) {
  if (!logFile) return "";
  const lines = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-30);
  return `\n${lines.join("\n")}\n(${logFile})`;
}

/**
 * The environment of `wrangler dev`: `CI` keeps it from asking questions, and the `Request.cf` object
 * (the visitor's location Cloudflare adds to requests) is not fetched from workers.cloudflare.com:
 * nothing here reads it, and where that name does not resolve (no internet) every start printed
 * `Unable to fetch the Request.cf object` with a `getaddrinfo ENOTFOUND` stack, twice. Set
 * CLOUDFLARE_CF_FETCH_ENABLED=true to have it fetched.
 */
function wranglerDevEnv(env = process.env) {
  return { ...env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: env.CLOUDFLARE_CF_FETCH_ENABLED ?? "false" };
}

async function waitUntilReady(url, child, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`wrangler dev exited with ${child.exitCode}${tailOf(logFile)}`);
    }
    try {
      const response = await fetch(`${url}/openapi.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the local server did not answer within ${timeoutMs} ms${tailOf(logFile)}`);
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port`. With `ephemeral`, state lives in a fresh temporary folder
 * and the secrets are generated for this run, so nothing of a developer's own local state is touched.
 * With `quiet`, wrangler's output goes to `logFile` (in the state folder, or a temporary one) instead
 * of the terminal (a `logFile` of the caller's choosing, or one in the state folder or a temporary one).
 * The readiness probe calls 127.0.0.1, which needs no name resolution.
 */
export async function startLocalServer({
  port = 8787,
  ephemeral = false,
  quiet = false,
  extraArgs = [],
  logFile: chosenLogFile,
  readyTimeoutMs = 90_000,
} = {}) {
  const persistTo = ephemeral ? mkdtempSync(join(tmpdir(), "finance-api-")) : undefined;
  await migrateAndSeed({ persistTo, fresh: ephemeral, quiet });
  const args = ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", ...extraArgs];
  if (persistTo) {
    const secret = () => randomBytes(32).toString("base64url");
    args.push(
      "--persist-to",
      persistTo,
      "--var",
      `JWT_SECRET:${secret()}`,
      "--var",
      `UPLOAD_SIGNING_SECRET:${secret()}`,
      "--var",
      `HUB_CREDENTIALS_KEY:${secret()}`,
    );
  }
  const logFile = quiet
    ? (chosenLogFile ??
      join(persistTo ?? mkdtempSync(join(tmpdir(), "finance-api-log-")), "wrangler-dev.log"))
    : undefined;
  const log = logFile ? openSync(logFile, "a") : undefined;
  const child = spawn("npx", args, {
    cwd: root,
    stdio: log === undefined ? "inherit" : ["ignore", log, log],
    env: wranglerDevEnv(),
    detached: quiet,
  });
  if (log !== undefined) closeSync(log);
  if (quiet) {
    // its own process group goes with this process, however that ends (a test run ended early included)
    process.once("exit", () => signalGroup(child.pid, "SIGKILL"));
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, readyTimeoutMs, logFile);
  return {
    port,
    child,
    /** With `quiet`: the file wrangler dev writes its output to. */
    logFile,
    /** Base URL of an account, e.g. `http://demo.localhost:8787`. */
    urlOf: (account) => `http://${account}.localhost:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        try {
          if (quiet) process.kill(-child.pid, "SIGTERM");
          else child.kill("SIGINT");
        } catch {
          resolve();
        }
      }),
  };
}
