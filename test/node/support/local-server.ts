/// <reference types="node" />
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Port of the local server the node project's global setup started (127.0.0.1, demo by default). */
    apiPort: number;
    /** The file the local server's `wrangler dev` writes its output to. */
    apiLog: string;
  }
}

/** Base URL of the local server from Node, which cannot resolve `*.localhost`: it serves the `demo` account. */
export const apiBaseUrl = () => `http://127.0.0.1:${inject("apiPort")}`;

/** Base URL of an account for a browser or curl, which resolve `*.localhost` themselves. */
export const accountUrl = (account: string) => `http://${account}.localhost:${inject("apiPort")}`;
