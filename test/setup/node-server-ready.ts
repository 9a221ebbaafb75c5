/// <reference types="node" />
import { existsSync, readFileSync } from "node:fs";
import { beforeAll, inject } from "vitest";
import { SERVER_READY, SERVER_READY_TIMEOUT_MS } from "../node/support/local-server";

// The node project's set-up file: its global setup starts the local server in the background
// (test/node/local-server.setup.ts), so each file waits until the server answers, or fails with
// the reason it did not start.
beforeAll(async () => {
  const stateFile = inject("apiState");
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS + 30_000;
  while (!existsSync(stateFile)) {
    if (Date.now() > deadline) throw new Error("the local server neither started nor failed in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const state = readFileSync(stateFile, "utf8");
  if (state !== SERVER_READY) throw new Error(state);
}, SERVER_READY_TIMEOUT_MS + 60_000);
