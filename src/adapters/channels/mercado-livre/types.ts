/**
 * What the Mercado Livre adapter needs from the product besides HTTP: the seller's tokens (kept
 * sealed by the domain, read and replaced here through `MlTokenStore`), the notification inbox
 * and a sink for each call's outcome. The adapter never imports the database.
 */

/** The seller's tokens as the store answers them (decrypted). */
export type MlTokenState = {
  /** Bumped by every replacement: the compare-and-set of a refresh. */
  version: number;
  /** null before the first refresh (connected with a refresh token only). */
  accessToken: string | null;
  refreshToken: string;
  /** When the access token ends (null: unknown, refresh before use). */
  accessExpiresAt: Date | null;
  /** The seller's Mercado Livre user id (`user_id` of the token answer); null until known. */
  sellerId: string | null;
};

export type MlTokenGrant = {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  sellerId: string;
};

/**
 * The store of one integration's tokens. A refresh is claimed (`claimRefresh`: a lease on the
 * version, so one refresh is in flight per integration), then the new pair replaces the old only
 * if the version did not move (`replace`); the losers re-read (`read`).
 */
export interface MlTokenStore {
  read(): Promise<MlTokenState | null>;
  /** True when this caller may refresh the tokens of this version (no other lease alive). */
  claimRefresh(version: number): Promise<boolean>;
  /** Stores the new pair when the version is still `version`; false when another caller replaced it. */
  replace(version: number, grant: MlTokenGrant): Promise<boolean>;
  /** The channel refused the refresh token (`invalid_grant`): the integration is `Expired`. */
  refused(version: number, reason: string): Promise<void>;
}

/** One notification resource waiting to be fetched (`/orders/{id}`). */
export type MlPendingResource = { id: number; resource: string };

/** The integration's notification inbox, as the pull reads it. */
export interface MlInbox {
  /** Order resources (`/orders/{id}`) notified and not fetched yet, oldest first. */
  pendingOrders(limit: number): Promise<MlPendingResource[]>;
  /** Marks these inbox rows fetched. */
  fetched(ids: number[]): Promise<void>;
}

/** Where notifications Mercado Livre could not deliver (`/missed_feeds`) are taken into the inbox. */
export interface MlMissedInbox {
  /** Adds them pending (a resource already fetched after that notification is left alone); how many were taken. */
  take(missed: { topic: string; resource: string; sent: string }[]): Promise<number>;
}

/** The hub's mapping of listings to SKUs (`/hub/product`), for items with no seller SKU. */
export interface MlListingMap {
  /** The SKU code of each key (`MLB…` or `MLB…/<variation>`) that maps; the others are absent. */
  skuCodes(keys: string[]): Promise<Map<string, string>>;
}

/** The integration's hub orders whose money is not settled yet, for the fees per order. */
export interface MlUnsettledOrders {
  /** Up to `limit` Mercado Livre order ids with no settlement, after `afterId` in numeric order (`""`: from the first). */
  after(afterId: string, limit: number): Promise<string[]>;
  /**
   * Up to `limit` settled orders whose channel data (the last pull of the order) shows more refunded
   * than the refund lines already stored: the refunds after release still to settle.
   */
  refunds?(limit: number): Promise<MlPendingRefund[]>;
}

/** A settled order refunded at the channel: refunded in all (cents), the date, and what is stored of it. */
export type MlPendingRefund = { orderId: string; refundedCents: number; on: string; recordedCents: number };

/** One call to Mercado Livre and how it ended (never a token nor a secret). */
export type MlCallOutcome = {
  method: string;
  /** The path without the query string. */
  path: string;
  status: number | null;
  outcome: "ok" | "retried" | "refreshed" | "failed";
  attempt: number;
  ms: number;
};

export type MlSettings = {
  /** `https://api.mercadolibre.com` unless a double stands in. */
  baseUrl: string;
  /** The address rule of every call (outbound helper): production allows https on a public host only. */
  production: boolean;
  clientId: string;
  clientSecret: string;
  tokens: MlTokenStore;
  inbox: MlInbox | null;
  /** The inbox of missed notifications, read once per pull (absent: `/missed_feeds` is not read). */
  missed?: MlMissedInbox;
  /** The listing mapping (absent: items with no seller SKU stay unmapped with their listing id). */
  listings?: MlListingMap;
  /** The orders whose fees are still to settle (absent: no settlement is pulled). */
  unsettled?: MlUnsettledOrders;
  /**
   * The outcomes of the calls, in order: a call that did not end `ok` at once, the `ok` ones in
   * groups (up to 50, or when no call is left in flight).
   */
  onCalls: (outcomes: MlCallOutcome[]) => void;
  /** Each request's limit (default 15 s). */
  timeoutMs?: number;
  /** Attempts of a call answered 429 or 5xx (default 4). */
  maxAttempts?: number;
  /** Longest wait before a retry, whatever Retry-After says (default 5 s). */
  maxRetryWaitMs?: number;
  /** Longest wait for another caller's refresh (default 10 s). */
  refreshWaitMs?: number;
  now?: () => number;
};

export const ML_DEFAULT_BASE_URL = "https://api.mercadolibre.com";
export const ML_AUTHORIZATION_URL = "https://auth.mercadolivre.com.br/authorization";
