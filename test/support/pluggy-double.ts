import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the loopback Pluggy double started by `pluggy-double.setup.mjs`. */
    pluggyDoubleUrl: string;
  }
}

export type PluggyFault = {
  on?: "auth" | "api" | "transactions";
  mode:
    | "expire-key"
    | "401"
    | "429"
    | "500"
    | "503"
    | "garbage"
    | "wrong-shape"
    | "stall"
    | "redirect"
    | "huge"
    | "repeat-cursor"
    | "pass";
  retryAfter?: string;
  rateLimitReset?: string;
};

export type PluggyRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
};

export type PluggyDelivery = {
  url: string;
  event: string;
  eventId: string;
  status: number | string;
  body: Record<string, unknown>;
};

type Sent = { sent: PluggyDelivery[] };

/** One Pluggy application of the double, named for a test: its API address and its controls. */
export async function pluggyDouble(
  name: string,
  settings: { clientId: string; clientSecret: string; apiKeyTtlSeconds?: number; pageSize?: number },
) {
  const base = inject("pluggyDoubleUrl");
  const control = `${base}/_control/${name}`;
  const call = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${control}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`Pluggy double control ${path}: ${response.status}`);
    return response;
  };
  await call("", "PUT", settings);
  return {
    baseUrl: `${base}/pluggy/${name}`,
    /** An item (fields merged over an UPDATED item with a consent until 2027-11-01). */
    item: (id: string, fields: Record<string, unknown> = {}) => call(`/items/${id}`, "PUT", fields),
    consents: (itemId: string, consents: unknown[]) => call(`/consents/${itemId}`, "PUT", consents),
    accounts: (accounts: unknown[]) => call("/accounts", "PUT", accounts),
    /** Transactions appear (as the API writes them); `transactions/created` is sent per account. */
    addTransactions: async (transactions: unknown[]): Promise<Sent> =>
      (await call("/transactions", "POST", transactions)).json(),
    /** A pending movement posts (same id), possibly on another date or amount. */
    post: async (id: string, change: { date?: string; amount?: number } = {}): Promise<Sent> =>
      (await call(`/post/${id}`, "POST", change)).json(),
    /** Deleted and created again with a new id and nothing linking them. */
    recreate: async (
      id: string,
      change: { id?: string; date?: string; status?: string; description?: string } = {},
    ): Promise<Sent & { transaction: { id: string } }> =>
      (await call(`/recreate/${id}`, "POST", change)).json(),
    remove: async (id: string): Promise<Sent> => (await call(`/delete/${id}`, "POST")).json(),
    duplicates: (ids: string[]) => call("/duplicates", "PUT", ids),
    revokeConsent: (itemId: string) => call(`/revoke/${itemId}`, "POST"),
    loginError: async (itemId: string): Promise<Sent> =>
      (await call(`/login-error/${itemId}`, "POST")).json(),
    faults: (faults: PluggyFault[]) => call("/faults", "PUT", faults),
    /** A notification sent now to the webhooks of its event (an `eventId` given replays one). */
    notify: async (payload: Record<string, unknown>): Promise<Sent> =>
      (await call("/notify", "POST", payload)).json(),
    requests: async (): Promise<PluggyRequest[]> => (await call("/requests", "GET")).json(),
    /** What the application `<name>-moved` (where the "redirect" fault points) received. */
    movedRequests: async (): Promise<PluggyRequest[]> =>
      (await fetch(`${base}/_control/${name}-moved/requests`)).json(),
    /** `POST /auth` calls received, keys issued, API calls refused for an expired or unknown key. */
    keys: async (): Promise<{ requested: number; issued: number; refused: number }> =>
      (await call("/keys", "GET")).json(),
    deliveries: async (): Promise<PluggyDelivery[]> => (await call("/deliveries", "GET")).json(),
  };
}
