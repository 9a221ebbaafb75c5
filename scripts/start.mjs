// One command to run the API locally: secrets, migrations, demo data, then `wrangler dev` on :8787.
import { spawn, spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD, SEED_PLAN, seedStatements } from "../src/dev/seed-plan.ts";

const PORT = process.env.PORT ?? "8787";
const wrangler = (args, options = {}) =>
  spawnSync("npx", ["wrangler", ...args], {
    stdio: "inherit",
    env: { ...process.env, CI: "true" },
    ...options,
  });

function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  const secret = () => randomBytes(32).toString("base64url");
  writeFileSync(".dev.vars", `JWT_SECRET=${secret()}\nUPLOAD_SIGNING_SECRET=${secret()}\n`);
  console.log("Created .dev.vars with fresh local secrets.");
}

function tenantsFromWranglerToml() {
  const toml = readFileSync("wrangler.toml", "utf8");
  const match = /^TENANTS\s*=\s*'([^']+)'/m.exec(toml);
  if (!match) throw new Error("TENANTS not found in wrangler.toml");
  return JSON.parse(match[1]);
}

function hashFor(password) {
  const salt = randomBytes(16);
  const iterations = 100_000;
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return { hash: hash.toString("base64"), salt: salt.toString("base64"), iterations };
}

function migrateAndSeed(tenants) {
  const password = process.env.DEMO_PASSWORD || DEMO_PASSWORD;
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  for (const [account, binding] of Object.entries(tenants)) {
    console.log(`\n== ${account}: migrations (${binding})`);
    if (wrangler(["d1", "migrations", "apply", binding, "--local"]).status !== 0) process.exit(1);
    const plan = SEED_PLAN[account];
    if (!plan) continue;
    const stored = hashFor(password);
    const file = join(dir, `${account}.sql`);
    writeFileSync(file, `${seedStatements(plan, () => stored).join(";\n")};\n`);
    console.log(`== ${account}: demo data (only when empty)`);
    if (wrangler(["d1", "execute", binding, "--local", "--file", file], { stdio: "ignore" }).status !== 0) {
      console.error(`Seeding ${account} failed`);
      process.exit(1);
    }
  }
  return password;
}

function printWelcome(password) {
  const users = Object.entries(SEED_PLAN).flatMap(([account, plan]) =>
    plan.users.map((u) => `  ${account.padEnd(5)} ${u.email}`),
  );
  console.log(`
Demo accounts (password: ${password}):
${users.join("\n")}

Sign in:
  curl -s -X POST http://demo.localhost:${PORT}/1.0/user/signin/local \\
    -H 'Content-Type: application/json' \\
    -d '{"Email":"admin@demo.local","Password":"${password}"}'

API reference: http://demo.localhost:${PORT}/docs   OpenAPI: http://demo.localhost:${PORT}/openapi.json
`);
}

ensureDevVars();
const password = migrateAndSeed(tenantsFromWranglerToml());
printWelcome(password);
const dev = spawn("npx", ["wrangler", "dev", "--port", PORT, "--ip", "127.0.0.1", ...process.argv.slice(2)], {
  stdio: "inherit",
});
const stop = () => dev.kill("SIGINT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
dev.on("exit", (code) => process.exit(code ?? 0));
