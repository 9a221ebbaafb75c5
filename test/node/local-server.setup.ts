/// <reference types="node" />
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TestProject } from "vitest/node";
import { SERVER_READY, SERVER_READY_TIMEOUT_MS } from "./support/local-server";

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

type LocalServer = { port: number; logFile: string; stop: () => Promise<void> };
type LocalServerModule = {
  startLocalServer: (options: {
    port: number;
    ephemeral: boolean;
    quiet: boolean;
    extraArgs: string[];
    logFile: string;
    readyTimeoutMs: number;
  }) => Promise<LocalServer>;
};

/**
 * One ephemeral local server (wrangler dev: migrations, demo data, fresh secrets, a temporary state
 * folder) for the node project's tests: the /docs page in Chromium, the typed client and the demo.
 *
 * It starts in the background: vitest runs every project's global set-up one after the other before
 * the first file, and the server's start (migrations, seed, wrangler dev: about 40 s on a loaded
 * 2-core machine) would hold every project's first file that long. The node project's files run last
 * (test/support/slow-first-sequencer.ts); `test/setup/node-server-ready.ts`, their set-up file, waits
 * for the state file this writes: `ready`, or why the start failed (that file's tests then fail with it).
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    console.warn(
      `\n[node tests] ${chromium} is not installed: the /docs browser test (test/node/docs-page.test.ts) is SKIPPED.` +
        "\n[node tests] Install it with `apt-get install -y chromium` (CI's .ci/run does).\n",
    );
  }
  const modulePath = pathToFileURL(join(import.meta.dirname, "../../scripts/lib/local-server.mjs")).href;
  const { startLocalServer } = (await import(modulePath)) as LocalServerModule;
  const port = await freePort();
  // its own devtools port too, so a developer's `npm start` (or another run) can go on beside it
  const extraArgs = ["--inspector-port", String(await freePort())];
  const folder = mkdtempSync(join(tmpdir(), "finance-api-node-tests-"));
  const logFile = join(folder, "wrangler-dev.log");
  const stateFile = join(folder, "state");
  const starting = startLocalServer({
    port,
    ephemeral: true,
    quiet: true,
    extraArgs,
    logFile,
    readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
  }).then(
    (server) => {
      writeFileSync(stateFile, SERVER_READY);
      return server;
    },
    (error: unknown) => {
      writeFileSync(
        stateFile,
        `the local server did not start: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    },
  );
  project.provide("apiPort", port);
  project.provide("apiLog", logFile);
  project.provide("apiState", stateFile);
  return async () => {
    const server = await starting;
    await server?.stop();
  };
}
