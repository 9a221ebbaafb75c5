// Accounts without editing code:
//   npm run tenant:add -- <name> [--remote] [--admin-email E [--password P]] [options]
//   npm run tenant:list [-- --config path]
// See `node scripts/tenant.mjs --help`.
import { spawnSync } from "node:child_process";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "smol-toml";
import { seedStatements } from "../src/dev/seed-plan.ts";
import { storedPassword } from "./lib/local-server.mjs";
import {
  accountNameProblem,
  addTenantToToml,
  bindingOf,
  databaseNameOf,
  duplicateProblem,
  scopeOf,
} from "./lib/tenant-config.mjs";

const HELP = `Usage:
  npm run tenant:add -- <name> [options]   create an account: database, binding, TENANTS, migrations
  npm run tenant:list [-- --config <file>] the accounts, their databases and local state

Options of tenant:add:
  --remote               create the database on Cloudflare (wrangler d1 create) and add the account
                         to [env.production]; without it, the account is local (top level)
  --admin-email <email>  also create the first company and its admin user
  --password <password>  the admin's password (asked without echo when omitted, on a terminal)
  --admin-name <name>    the admin's name (default "Administrador")
  --company <name>       the first company's name (default: the account name)
  --document <cnpj>      the first company's document (CNPJ)
  --location <hint>      location hint of the new remote database (weur, eeur, apac, oc, wnam, enam)
  --config <file>        the wrangler configuration to edit (default ./wrangler.toml)
  --persist-to <dir>     local state folder (as wrangler's --persist-to)
  --dry-run              print the wrangler commands instead of running them (the configuration is
                         still edited: use with --config on a copy)`;

const OPTIONS = {
  remote: { type: "boolean" },
  "admin-email": { type: "string" },
  password: { type: "string" },
  "admin-name": { type: "string" },
  company: { type: "string" },
  document: { type: "string" },
  location: { type: "string" },
  config: { type: "string" },
  "persist-to": { type: "string" },
  "dry-run": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

class UsageError extends Error {}

/**
 * The options, also when npm took them: `npm run tenant:add shop --remote` hands `--remote` to npm,
 * which passes it on as `npm_config_remote`. A value written after a space is lost that way.
 */
function readOptions(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${error.message}\n\n${HELP}`);
  }
  const { values, positionals } = parsed;
  for (const [name, option] of Object.entries(OPTIONS)) {
    if (values[name] !== undefined) continue;
    const fromNpm = process.env[`npm_config_${name.replace(/-/g, "_")}`];
    if (fromNpm === undefined || !process.env.npm_lifecycle_event?.startsWith("tenant:")) continue;
    if (option.type === "boolean") values[name] = fromNpm !== "" && fromNpm !== "false";
    else if (fromNpm === "true" || fromNpm === "") {
      throw new UsageError(
        `npm kept the value of --${name}: put the options after "--", e.g. npm run tenant:add -- shop --${name} <value>`,
      );
    } else values[name] = fromNpm;
  }
  return { values, positionals };
}

/** What a wrangler command did, in one line, from its output (the whole output only on failure). */
function summaryOf(args, output) {
  if (args[1] === "migrations") {
    const names = new Set(output.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? []);
    return names.size > 0 ? `${names.size} migrations applied` : "no migration to apply";
  }
  if (args[1] === "create") return `database ${UUID.exec(output)?.[0] ?? ""} created`;
  return "done";
}

/**
 * Runs wrangler, or only prints the command with --dry-run. Its output (a migrations apply prints
 * about 1,700 lines) is kept and printed only when it fails; otherwise one line says what it did.
 * Answers its standard output (empty when dry).
 */
function makeWrangler({ configPath, dryRun }) {
  return (args) => {
    const full = ["wrangler", ...args, "--config", configPath];
    console.log(`$ npx ${full.map((arg) => (/[\s"'*]/.test(arg) ? JSON.stringify(arg) : arg)).join(" ")}`);
    if (dryRun) return "";
    const result = spawnSync("npx", full, {
      stdio: ["inherit", "pipe", "pipe"],
      env: { ...process.env, CI: "true" },
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (result.status !== 0) {
      process.stderr.write(output.endsWith("\n") || output === "" ? output : `${output}\n`);
      const why = result.error ? `: ${result.error.message}` : "";
      throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed${why} (its output is above)`);
    }
    console.log(`  ${summaryOf(args, output)}`);
    return result.stdout ?? "";
  };
}

/** Asks for a password without echoing it (twice, to catch typos). */
async function promptPassword(question) {
  const read = (prompt) =>
    new Promise((resolveRead, reject) => {
      const stdin = process.stdin;
      stdin.setRawMode(true);
      process.stdout.write(prompt);
      stdin.resume();
      stdin.setEncoding("utf8");
      let typed = "";
      const onData = (chunk) => {
        for (const char of chunk) {
          if (char === "\r" || char === "\n") {
            stdin.setRawMode(false);
            stdin.pause();
            stdin.off("data", onData);
            process.stdout.write("\n");
            return resolveRead(typed);
          }
          if (char === "\u0003") {
            stdin.setRawMode(false);
            process.stdout.write("\n");
            return reject(new UsageError("cancelled"));
          }
          if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
          else typed += char;
        }
      };
      stdin.on("data", onData);
    });
  const first = await read(question);
  const second = await read("Again: ");
  if (first !== second) throw new UsageError("the two passwords differ");
  return first;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;

async function adminOf(values, account) {
  const email = values["admin-email"]?.trim().toLowerCase();
  if (!email) {
    if (values.password) throw new UsageError("--password needs --admin-email");
    return null;
  }
  if (!EMAIL.test(email)) throw new UsageError(`"${email}" is not an e-mail address`);
  let password = values.password;
  if (password === undefined) {
    if (!process.stdin.isTTY) {
      console.log(
        "No terminal to ask the admin's password and no --password: the admin user is not created.",
      );
      return null;
    }
    password = await promptPassword(`Password of ${email}: `);
  }
  if (password.length < MIN_PASSWORD)
    throw new UsageError(`the password needs at least ${MIN_PASSWORD} characters`);
  const company = values.company?.trim() || account;
  const document = values.document?.replace(/\D/g, "") || null;
  return {
    email,
    password,
    plan: {
      companies: [
        {
          id: 1,
          name: company,
          document,
          invoice: { id: 1, name: company, document },
          warehouse: { id: 1, name: "Depósito principal" },
        },
      ],
      users: [
        { id: 1, name: values["admin-name"]?.trim() || "Administrador", email, companyId: 1, access: [1] },
      ],
    },
  };
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

async function add(values, positionals) {
  const [account, ...extra] = positionals;
  if (extra.length > 0) {
    throw new UsageError(
      `unexpected ${extra.map((e) => `"${e}"`).join(", ")}: put the options after "--", e.g. npm run tenant:add -- ${account} --admin-email <email>`,
    );
  }
  const nameProblem = accountNameProblem(account);
  if (nameProblem) throw new UsageError(nameProblem);
  const configPath = resolve(values.config ?? "wrangler.toml");
  const scope = values.remote ? "production" : "local";
  const original = readFileSync(configPath, "utf8");
  const config = parse(original);
  if (!scopeOf(config, scope).exists) throw new UsageError(`${configPath} has no [env.production] section`);
  const duplicate = duplicateProblem(config, scope, account);
  if (duplicate) throw new UsageError(duplicate);
  const admin = await adminOf(values, account);

  const wrangler = makeWrangler({ configPath, dryRun: values["dry-run"] });
  const binding = bindingOf(account);
  const databaseName = databaseNameOf(account);
  const where = values.remote ? ["--remote", "--env", "production"] : ["--local"];
  const persist = values["persist-to"] && !values.remote ? ["--persist-to", values["persist-to"]] : [];

  let databaseId;
  if (values.remote) {
    const location = values.location ? ["--location", values.location] : [];
    const created = wrangler(["d1", "create", databaseName, ...location]);
    databaseId = values["dry-run"] ? "00000000-0000-4000-8000-000000000000" : UUID.exec(created)?.[0];
    if (!databaseId) throw new Error(`no database id in the output of wrangler d1 create ${databaseName}`);
  } else {
    // A local database is identified by this id; it is created by the first migration.
    databaseId = randomUUID();
  }
  writeFileSync(configPath, addTenantToToml(original, scope, { account, databaseId }));
  console.log(
    `Added ${account} -> ${binding} (${databaseName}) to ${scope === "local" ? "[vars]" : "[env.production.vars]"} TENANTS in ${configPath}`,
  );

  try {
    wrangler(["d1", "migrations", "apply", binding, ...where, ...persist]);
  } catch (error) {
    if (!values.remote) {
      writeFileSync(configPath, original);
      console.error(`Restored ${configPath}.`);
    } else {
      console.error(
        `The database exists and is configured; apply the migrations again with:\n  npx wrangler d1 migrations apply ${binding} --remote --env production`,
      );
    }
    throw error;
  }

  if (admin) {
    const file = join(mkdtempSync(join(tmpdir(), "tenant-")), `${account}.sql`);
    const stored = storedPassword(admin.password);
    writeFileSync(file, `${seedStatements(admin.plan, () => stored).join(";\n")};\n`);
    wrangler(["d1", "execute", binding, ...where, ...persist, "--file", file]);
    const done = values["dry-run"] ? "to be created by the command above" : "created";
    console.log(`First company "${admin.plan.companies[0].name}" and admin ${admin.email} ${done}.`);
  }

  const host = values.remote ? `${account}.<API_DOMAIN>` : `${account}.localhost:${process.env.PORT || 8787}`;
  console.log(
    values.remote
      ? `\nDeploy to serve it: npx wrangler deploy --env production   (then https://${host})`
      : `\nRestart \`npm start\` to serve it on http://${host}`,
  );
}

/** Miniflare's file name of a local D1 database (a Durable Object named by the database id). */
function localDatabaseFile(stateDir, databaseId) {
  const uniqueKey = "miniflare-D1DatabaseObject";
  const key = createHash("sha256").update(uniqueKey).digest();
  const nameHmac = createHmac("sha256", key).update(databaseId).digest().subarray(0, 16);
  const hmac = createHmac("sha256", key).update(nameHmac).digest().subarray(0, 16);
  const id = Buffer.concat([nameHmac, hmac]).toString("hex");
  return join(stateDir, "v3", "d1", uniqueKey, `${id}.sqlite`);
}

async function localState(stateDir, database, migrationsDir) {
  if (!database?.database_id) return "no database";
  const file = localDatabaseFile(stateDir, database.database_id);
  if (!existsSync(file)) return "not created";
  const expected = existsSync(migrationsDir)
    ? readdirSync(migrationsDir).filter((f) => f.endsWith(".sql"))
    : [];
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'")
      .get();
    const applied = table
      ? db
          .prepare("SELECT name FROM d1_migrations")
          .all()
          .map((row) => row.name)
      : [];
    const pending = expected.filter((name) => !applied.includes(name));
    return pending.length === 0 ? `migrated (${applied.length})` : `${pending.length} migration(s) pending`;
  } finally {
    db.close();
  }
}

async function list(values) {
  const configPath = resolve(values.config ?? "wrangler.toml");
  const config = parse(readFileSync(configPath, "utf8"));
  const stateDir = values["persist-to"]
    ? resolve(values["persist-to"])
    : join(dirname(configPath), ".wrangler", "state");
  for (const scope of ["local", "production"]) {
    const { exists, tenants, databases } = scopeOf(config, scope);
    if (!exists) continue;
    console.log(
      scope === "local"
        ? "Local accounts ([vars] TENANTS):"
        : "\nProduction accounts ([env.production.vars] TENANTS):",
    );
    const rows = [["account", "binding", "database", "database id", scope === "local" ? "local state" : ""]];
    for (const [account, binding] of Object.entries(tenants)) {
      const database = databases.find((d) => d.binding === binding);
      const migrationsDir = join(dirname(configPath), database?.migrations_dir ?? "migrations");
      const state = scope === "local" ? await localState(stateDir, database, migrationsDir) : "";
      rows.push([
        account,
        binding,
        database?.database_name ?? "(no [[d1_databases]] block)",
        database?.database_id ?? "",
        state,
      ]);
    }
    if (rows.length === 1) {
      console.log("  (none)");
      continue;
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    for (const row of rows)
      console.log(
        `  ${row
          .map((cell, i) => cell.padEnd(widths[i]))
          .join("  ")
          .trimEnd()}`,
      );
  }
}

try {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = readOptions(rest);
  if (values.help || !["add", "list"].includes(command)) console.log(HELP);
  else if (command === "add") await add(values, positionals);
  else await list(values);
} catch (error) {
  console.error(`tenant: ${error.message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
