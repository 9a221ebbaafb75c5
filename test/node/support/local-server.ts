/// <reference types="node" />
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Port of the local server the node project's global setup started (127.0.0.1, demo by default). */
    apiPort: number;
    /** The file the local server's `wrangler dev` writes its output to. */
    apiLog: string;
    /** The file the global setup writes once the server answers (`ready`) or failed to start (why). */
    apiState: string;
  }
}

/** Base URL of the local server from Node, which cannot resolve `*.localhost`: it serves the `demo` account. */
export const apiBaseUrl = () => `http://127.0.0.1:${inject("apiPort")}`;

/** Base URL of an account for a browser or curl, which resolve `*.localhost` themselves. */
export const accountUrl = (account: string) => `http://${account}.localhost:${inject("apiPort")}`;

/** What the global setup writes to `apiState` once the server answers. */
export const SERVER_READY = "ready";

/** How long the server may take to start, migrations and seed included, beside the first test files. */
export const SERVER_READY_TIMEOUT_MS = 300_000;
