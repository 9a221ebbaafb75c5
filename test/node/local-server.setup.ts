/// <reference types="node" />
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TestProject } from "vitest/node";

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
  }) => Promise<LocalServer>;
};

/**
 * One ephemeral local server (wrangler dev: migrations, demo data, fresh secrets, a temporary state
 * folder) for the node project's tests: the /docs page in Chromium, the typed client and the demo.
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
  const server = await startLocalServer({ port, ephemeral: true, quiet: true, extraArgs });
  project.provide("apiPort", port);
  project.provide("apiLog", server.logFile);
  return () => server.stop();
}
