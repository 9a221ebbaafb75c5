import { hc } from "hono/client";
import type { AppType } from "./app";

export type { AppType };

/**
 * The routes of the typed client: the app's router tree itself (`src/app.ts`, `src/routes/index.ts`).
 * Every route is a module-level constant with a literal path, so a route added to an area's router
 * is in the client.
 */
export type ClientAppType = AppType;

export type ClientOptions = {
  /** Token of `POST /user/signin/local`; sent as `Authorization: JWT <token>`. */
  token?: string;
  /** The fetch to use (a Worker's `fetch`, a service binding...); the global fetch by default. */
  fetch?: typeof fetch;
  /** Extra headers on every request (e.g. `X-D1-Bookmark` to read your own writes). */
  headers?: Record<string, string>;
};

/**
 * A typed client of the API: paths, parameters, bodies and answers come from the routes' zod schemas,
 * so a wrong field name or type is a compile error. `baseUrl` is the account's address with the
 * version, e.g. `http://demo.localhost:8787/1.0`.
 *
 * ```ts
 * const api = createClient("http://demo.localhost:8787/1.0", { token });
 * const res = await api.accounts["bank-account"].$get({ query: {} });
 * if (res.status === 200) for (const account of await res.json()) console.log(account.Bank, account.Balance);
 * ```
 */
export function createClient(baseUrl: string, { token, fetch, headers }: ClientOptions = {}) {
  return hc<ClientAppType>(baseUrl, {
    fetch,
    headers: { ...headers, ...(token ? { Authorization: `JWT ${token}` } : {}) },
  });
}

export type ApiClient = ReturnType<typeof createClient>;
