/// <reference types="node" />
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModule, root, runCommand } from "./run-command";

type LocalServerModule = {
  migrateAndSeed: (options: {
    persistTo: string;
    fresh?: boolean;
    accounts?: Record<string, string>;
    quiet?: boolean;
  }) => Promise<void>;
};

/** wrangler, killed with what it started when it takes over a minute (a spawnSync would block the test's timeout). */
async function wrangler(...args: string[]) {
  const result = await runCommand("npx", ["wrangler", ...args], {
    cwd: root,
    env: { ...process.env, CI: "true" },
    timeoutMs: 60_000,
  });
  return { status: result.status, out: `${result.stdout}\n${result.stderr}` };
}

describe("the local migrations of npm start (scripts/lib/local-server.mjs)", () => {
  it("are every migration, recorded where wrangler's own `migrations list` finds them applied", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "local-migrations-"));
    const { migrateAndSeed } = await loadModule<LocalServerModule>("scripts/lib/local-server.mjs");
    // not `fresh`: the applied list is read first (none yet), then every migration and the demo data
    // (one account: each takes the same path)
    await migrateAndSeed({ persistTo, accounts: { demo: "DB_DEMO" }, quiet: true });

    const listed = await wrangler(
      "d1",
      "migrations",
      "list",
      "DB_DEMO",
      "--local",
      "--persist-to",
      persistTo,
    );
    expect(listed.status, listed.out).toBe(0);
    // wrangler lists every file of migrations/ that its table does not name: none
    expect(listed.out).toContain("No migrations to apply");
  });
});
