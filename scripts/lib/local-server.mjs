// Boots the API locally the way `npm start` does: migrations, demo data, `wrangler dev`.
// Used by `npm start`, the end-to-end tests (browser, demo) and the HTTP benchmark.
import { spawn, spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { DEMO_PASSWORD, SEED_PLAN, seedStatements } from "../../src/dev/seed-plan.ts";

const root = new URL("../..", import.meta.url).pathname;

function wrangler(args, { quiet = false } = {}) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, CI: "true" },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(
      `wrangler ${args.join(" ")} failed${quiet ? `:\n${result.stdout}\n${result.stderr}` : ""}`,
    );
  }
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

/** Applies migrations to every local account's D1 and seeds the demo data where empty. */
export function migrateAndSeed({ persistTo, password = DEMO_PASSWORD, quiet = false } = {}) {
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  for (const [account, binding] of Object.entries(tenantsFromWranglerToml())) {
    if (!quiet) console.log(`\n== ${account}: migrations (${binding})`);
    wrangler(["d1", "migrations", "apply", binding, "--local", ...persist], { quiet });
    const plan = SEED_PLAN[account];
    if (!plan) continue;
    const stored = storedPassword(password);
    const file = join(dir, `${account}.sql`);
    writeFileSync(file, `${seedStatements(plan, () => stored).join(";\n")};\n`);
    if (!quiet) console.log(`== ${account}: demo data (only when empty)`);
    wrangler(["d1", "execute", binding, "--local", ...persist, "--file", file], { quiet: true });
  }
}

async function waitUntilReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/openapi.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the local server did not answer within ${timeoutMs} ms`);
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port`. With `ephemeral`, state lives in a fresh temporary folder
 * and the secrets are generated for this run, so nothing of a developer's own local state is touched.
 */
export async function startLocalServer({
  port = 8787,
  ephemeral = false,
  quiet = false,
  extraArgs = [],
} = {}) {
  const persistTo = ephemeral ? mkdtempSync(join(tmpdir(), "finance-api-")) : undefined;
  migrateAndSeed({ persistTo, quiet });
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
  const child = spawn("npx", args, {
    cwd: root,
    stdio: quiet ? "ignore" : "inherit",
    env: { ...process.env, CI: "true" },
    detached: quiet,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, 90_000);
  return {
    port,
    child,
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
