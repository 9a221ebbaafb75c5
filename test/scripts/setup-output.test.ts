/// <reference types="node" />
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModule, root, runCommand } from "./run-command";

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** A script of the repository run as `npm run` runs it (on the project's Node), with `env` added. */
function script(path: string, args: string[], env: Record<string, string>) {
  const clean = { ...process.env };
  delete clean.API_URL;
  delete clean.PORT;
  return runCommand(process.execPath, [path, ...args], {
    cwd: root,
    env: { ...clean, ...env },
    timeoutMs: 60_000,
  });
}

/** No line of a Node stack trace (`    at fn (file:line:col)`). */
const STACK_LINE = /^\s+at .+[:(]/m;

type LocalFetch = (input: string, init?: RequestInit) => Promise<Response>;

describe("the scripts reach <account>.localhost where Node cannot resolve it", () => {
  it("localFetch connects to 127.0.0.1 and sends the account's Host, method, headers and body", async () => {
    const { localFetch } = await loadModule<{ localFetch: LocalFetch }>("scripts/lib/local-fetch.mjs");
    const seen: { host?: string; method?: string; type?: string; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        seen.push({
          host: request.headers.host,
          method: request.method,
          type: request.headers["content-type"],
          body,
        });
        response.writeHead(201, { "Content-Type": "application/json", "X-Echo": "1" });
        response.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const answer = await localFetch(`http://acme.localhost:${port}/1.0/thing?x=1`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ a: "ção" }),
      });
      expect(answer.status).toBe(201);
      expect(answer.headers.get("x-echo")).toBe("1");
      expect(await answer.json()).toEqual({ ok: true });
      expect(seen).toEqual([
        {
          host: `acme.localhost:${port}`,
          method: "POST",
          type: "application/json",
          body: JSON.stringify({ a: "ção" }),
        },
      ]);
    } finally {
      server.close();
    }
  });

  it("npm run demo with nothing listening says how to start the API on its port, exit 1, no stack trace", async () => {
    const port = await freePort();
    const { status, stdout, stderr } = await script("scripts/demo.mjs", [], { PORT: String(port) });
    expect(status, `${stdout}\n${stderr}`).toBe(1);
    expect(stdout).toContain(`demo against http://demo.localhost:${port}/1.0`);
    expect(stderr).toContain(`Nothing answers at http://demo.localhost:${port}: is the API running?`);
    expect(stderr).toContain(`\`PORT=${port} npm start\``);
    expect(stderr).not.toMatch(STACK_LINE);
    expect(stderr).not.toMatch(/ENOTFOUND|getaddrinfo/);
  });

  it("the typed client's example, API_URL given: the same advice", async () => {
    const port = await freePort();
    const { status, stderr } = await script("scripts/client-example.mjs", [], {
      API_URL: `http://acme.localhost:${port}/`,
    });
    expect(status).toBe(1);
    expect(stderr).toContain(`Nothing answers at http://acme.localhost:${port}: is the API running?`);
    expect(stderr).toContain(`\`PORT=${port} npm start\``);
    expect(stderr).not.toMatch(STACK_LINE);
  });
});

describe("npm run reset", () => {
  it("removes the local state folder (D1, R2, queues) and says so; a second run has nothing to do", async () => {
    const state = join(mkdtempSync(join(tmpdir(), "reset-test-")), "state");
    mkdirSync(join(state, "v3/d1/miniflare-D1DatabaseObject"), { recursive: true });
    mkdirSync(join(state, "v3/r2/finance-uploads"), { recursive: true });
    writeFileSync(join(state, "v3/d1/miniflare-D1DatabaseObject/db.sqlite"), "x");
    const reset = await script("scripts/reset.mjs", ["--persist-to", state], {});
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain("Removed the local state (D1 databases, R2 uploads, queues)");
    expect(existsSync(state)).toBe(false);
    const again = await script("scripts/reset.mjs", ["--persist-to", state], {});
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("nothing to reset");
  });
});

describe("npm run tenant:add prints a summary of wrangler's work", () => {
  /** A temporary copy of wrangler.toml beside `migrations` (name -> SQL). */
  function copyWith(migrations: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), "tenant-output-"));
    writeFileSync(join(dir, "wrangler.toml"), readFileSync(join(root, "wrangler.toml"), "utf8"));
    mkdirSync(join(dir, "migrations"));
    for (const [name, sql] of Object.entries(migrations)) writeFileSync(join(dir, "migrations", name), sql);
    return dir;
  }

  const add = (dir: string) =>
    runCommand(
      process.execPath,
      [
        "scripts/tenant.mjs",
        "add",
        "shop",
        "--config",
        join(dir, "wrangler.toml"),
        "--persist-to",
        join(dir, "state"),
      ],
      { cwd: root, env: { ...process.env, npm_lifecycle_event: "" }, timeoutMs: 170_000 },
    );

  it("a few lines when it works: the command and what it did", { timeout: 180_000 }, async () => {
    const dir = copyWith({
      "0000_one.sql": "CREATE TABLE one (id INTEGER PRIMARY KEY);",
      "0001_two.sql": "CREATE TABLE two (id INTEGER PRIMARY KEY);",
    });
    const { status, stdout, stderr } = await add(dir);
    expect(status, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toMatch(
      /^\$ npx wrangler d1 migrations apply DB_SHOP --local .*\n {2}2 migrations applied\n/m,
    );
    expect(stdout.trim().split("\n").length).toBeLessThanOrEqual(6);
    expect(stderr).toBe("");
  });

  it("wrangler's whole output when it fails, and the configuration restored", {
    timeout: 180_000,
  }, async () => {
    const dir = copyWith({ "0000_broken.sql": "CREATE TABLE broken (id INTEGER PRIMARY KEY" });
    const before = readFileSync(join(dir, "wrangler.toml"), "utf8");
    const { status, stdout, stderr } = await add(dir);
    expect(status).toBe(1);
    expect(stderr).toContain("0000_broken.sql");
    expect(stderr).toMatch(/incomplete input|syntax error/i);
    expect(stderr).toContain("tenant: wrangler d1 migrations apply failed (its output is above)");
    expect(stdout).not.toContain("migrations applied");
    expect(readFileSync(join(dir, "wrangler.toml"), "utf8")).toBe(before);
  });
});
