/// <reference types="node" />
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

type LocalServerModule = {
  migrateAndSeed: (options: {
    persistTo: string;
    fresh?: boolean;
    accounts?: Record<string, string>;
    quiet?: boolean;
  }) => void;
};

function wrangler(...args: string[]) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
  });
  return { status: result.status, out: `${result.stdout}\n${result.stderr}` };
}

describe("the local migrations of npm start (scripts/lib/local-server.mjs)", () => {
  it("are every migration, recorded where wrangler's own `migrations list` finds them applied", async () => {
    const persistTo = mkdtempSync(join(tmpdir(), "local-migrations-"));
    const { migrateAndSeed } = (await import(
      pathToFileURL(join(root, "scripts/lib/local-server.mjs")).href
    )) as LocalServerModule;
    // not `fresh`: the applied list is read first (none yet), then every migration and the demo data
    // (one account: each takes the same path)
    migrateAndSeed({ persistTo, accounts: { demo: "DB_DEMO" }, quiet: true });

    const listed = wrangler("d1", "migrations", "list", "DB_DEMO", "--local", "--persist-to", persistTo);
    expect(listed.status, listed.out).toBe(0);
    // wrangler lists every file of migrations/ that its table does not name: none
    expect(listed.out).toContain("No migrations to apply");
  });
});
