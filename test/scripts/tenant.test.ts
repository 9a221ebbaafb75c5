/// <reference types="node" />
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parse } from "smol-toml";
import { beforeEach, describe, expect, it } from "vitest";
import { verifyPassword } from "../../src/domain/identity/password";
import { root, runCommand } from "./run-command";

const original = readFileSync(join(root, "wrangler.toml"), "utf8");

let dir: string;
let config: string;

/**
 * `npm run tenant:<command>` against the temporary copy of wrangler.toml; killed with the wrangler it
 * started when it takes over 90 s (a spawnSync would block the test's own timeout).
 */
async function tenant(command: "add" | "list", ...args: string[]) {
  const result = await runCommand(
    process.execPath,
    ["scripts/tenant.mjs", command, ...args, "--config", config, "--persist-to", join(dir, "state")],
    { cwd: root, env: { ...process.env, npm_lifecycle_event: "" }, timeoutMs: 90_000 },
  );
  return { status: result.status, out: result.stdout, err: result.stderr };
}

const toml = () => readFileSync(config, "utf8");

/** The lines of the original file are all still there, in order: comments and layout kept. */
function keepsEveryOriginalLine(edited: string) {
  const lines = edited.split("\n");
  let at = 0;
  for (const line of original.split("\n")) {
    if (line.startsWith("TENANTS = ")) continue;
    const found = lines.indexOf(line, at);
    expect(found, `line kept: ${line}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

/**
 * The project's migrations as two files: all but the last one joined, then the last one. Wrangler starts
 * a local runtime per migration file (about 2 s each), and this suite tests the script, not each file
 * (the workers suites apply every migration file on their own): same schema, a fraction of the time.
 */
function writeMigrations(into: string) {
  const files = readdirSync(join(root, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const read = (name: string) => readFileSync(join(root, "migrations", name), "utf8");
  mkdirSync(into);
  writeFileSync(join(into, "0000_schema.sql"), files.slice(0, -1).map(read).join("\n;\n"));
  writeFileSync(join(into, files.at(-1)!), read(files.at(-1)!));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "tenant-test-"));
  config = join(dir, "wrangler.toml");
  writeFileSync(config, original);
  writeMigrations(join(dir, "migrations"));
});

describe("npm run tenant:add", () => {
  it("adds a local account: database, binding, TENANTS entry, migrations, first company and admin", async () => {
    const added = await tenant(
      "add",
      "shop",
      "--admin-email",
      "Admin@Shop.local",
      "--password",
      "loja-secreta-1",
    );
    expect(added.err).not.toMatch(/tenant:/);
    expect(added.status).toBe(0);

    const edited = toml();
    keepsEveryOriginalLine(edited);
    const parsed = parse(edited) as any;
    expect(JSON.parse(parsed.vars.TENANTS)).toEqual({ demo: "DB_DEMO", acme: "DB_ACME", shop: "DB_SHOP" });
    expect(parsed.d1_databases.map((d: any) => d.binding)).toEqual(["DB_DEMO", "DB_ACME", "DB_SHOP"]);
    const shop = parsed.d1_databases[2];
    expect(shop).toMatchObject({ database_name: "finance-shop", migrations_dir: "migrations" });
    expect(shop.database_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // production is untouched by a local account
    expect(parsed.env.production.vars.TENANTS).toBe("{}");
    expect(parsed.env.production.d1_databases).toBeUndefined();

    const listed = await tenant("list");
    expect(listed.status).toBe(0);
    const count = readdirSync(join(dir, "migrations")).length;
    expect(count).toBe(2);
    expect(listed.out).toMatch(
      new RegExp(`shop +DB_SHOP +finance-shop +${shop.database_id} +migrated \\(${count}\\)`),
    );
    expect(listed.out).toMatch(/demo +DB_DEMO +finance-demo +\S+ +not created/);

    // the only database of this state folder is the new account's
    const d1 = join(dir, "state/v3/d1/miniflare-D1DatabaseObject");
    const files = readdirSync(d1).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
    expect(files).toHaveLength(1);
    const file = join(d1, files[0]!);
    const db = new DatabaseSync(file, { readOnly: true });
    const company = db.prepare("SELECT id, name, document FROM companies").all();
    const user = db
      .prepare("SELECT email, company_id, password_hash, password_salt, password_iterations FROM users")
      .get() as { email: string; password_hash: string; password_salt: string; password_iterations: number };
    const access = db.prepare("SELECT user_id, company_id FROM user_companies").all();
    db.close();
    expect(company).toEqual([{ id: 1, name: "shop", document: null }]);
    expect(access).toEqual([{ user_id: 1, company_id: 1 }]);
    expect(user.email).toBe("admin@shop.local");
    const stored = {
      hash: user.password_hash,
      salt: user.password_salt,
      iterations: user.password_iterations,
    };
    expect(stored.iterations).toBe(100_000);
    expect(await verifyPassword("loja-secreta-1", stored)).toBe(true);
    expect(await verifyPassword("loja-secreta-2", stored)).toBe(false);
  });

  it("adds a remote account to [env.production] through wrangler (dry run prints the commands)", async () => {
    const added = await tenant(
      "add",
      "shop",
      "--remote",
      "--dry-run",
      "--admin-email",
      "admin@shop.com.br",
      "--password",
      "x".repeat(8),
    );
    expect(added.status).toBe(0);
    const commands = added.out.split("\n").filter((line) => line.startsWith("$ "));
    expect(commands).toEqual([
      `$ npx wrangler d1 create finance-shop --config ${config}`,
      `$ npx wrangler d1 migrations apply DB_SHOP --remote --env production --config ${config}`,
      expect.stringMatching(
        new RegExp(
          `^\\$ npx wrangler d1 execute DB_SHOP --remote --env production --file \\S+/shop\\.sql --config ${config}$`,
        ),
      ),
    ]);

    const edited = toml();
    keepsEveryOriginalLine(edited);
    const parsed = parse(edited) as any;
    expect(JSON.parse(parsed.env.production.vars.TENANTS)).toEqual({ shop: "DB_SHOP" });
    expect(parsed.env.production.d1_databases).toEqual([
      {
        binding: "DB_SHOP",
        database_name: "finance-shop",
        database_id: "00000000-0000-4000-8000-000000000000",
        migrations_dir: "migrations",
      },
    ]);
    // the local accounts are untouched
    expect(JSON.parse(parsed.vars.TENANTS)).toEqual({ demo: "DB_DEMO", acme: "DB_ACME" });
    expect(parsed.d1_databases).toHaveLength(2);
    // the second production account goes after the first one, inside [env.production]
    expect((await tenant("add", "bazar", "--remote", "--dry-run")).status).toBe(0);
    const again = parse(toml()) as any;
    expect(JSON.parse(again.env.production.vars.TENANTS)).toEqual({ shop: "DB_SHOP", bazar: "DB_BAZAR" });
    expect(again.env.production.d1_databases.map((d: any) => d.binding)).toEqual(["DB_SHOP", "DB_BAZAR"]);
  });

  it("refuses names that are not DNS labels and accounts that exist, leaving the file as it was", async () => {
    for (const name of ["Shop", "shop_1", "shop-", "a".repeat(64), "loja.sp"]) {
      const refused = await tenant("add", name, "--dry-run");
      expect(refused.status, name).toBe(2);
      expect(refused.err).toContain("is not a DNS label");
    }
    const duplicate = await tenant("add", "demo", "--dry-run");
    expect(duplicate.status).toBe(2);
    expect(duplicate.err).toContain('the account "demo" already exists (local)');
    const short = await tenant(
      "add",
      "shop",
      "--dry-run",
      "--admin-email",
      "a@shop.local",
      "--password",
      "curta",
    );
    expect(short.status).toBe(2);
    expect(short.err).toContain("at least 8 characters");
    expect(toml()).toBe(original);
  });

  it("skips the admin when there is no terminal to ask the password", async () => {
    const added = await tenant("add", "shop", "--dry-run", "--admin-email", "admin@shop.local");
    expect(added.status).toBe(0);
    expect(added.out).toContain("the admin user is not created");
    expect(added.out).not.toContain("d1 execute");
  });
});
