/**
 * The Mercado Livre integration's connection as the adapter is given it: the token store over
 * `ml_connections` (tokens sealed with the credentials key, a compare-and-set on the version and
 * a refresh lease so one refresh is in flight per integration), the notification inbox and the
 * log of each channel call (never a token).
 */
import { exchangeToken, OAuthRefused } from "../../../adapters/channels/mercado-livre/oauth";
import type {
  MlCallOutcome,
  MlInbox,
  MlSettings,
  MlTokenGrant,
  MlTokenState,
  MlTokenStore,
} from "../../../adapters/channels/mercado-livre/types";
import { ChannelError } from "../../../adapters/channels/types";
import {
  channelOrdersOfShipments,
  claimMlRefresh,
  expireMlConnection,
  findMlConnection,
  type MlConnectionRow,
  markMlNotifications,
  pendingMlNotifications,
  replaceMlTokens,
} from "../../../db/hub/ml-connections";
import { pendingRefunds, unsettledChannelOrders } from "../../../db/hub/ml-fees";
import type { Db } from "../../../env";
import { badRequest } from "../../../lib/errors";
import { log } from "../../../lib/log";
import { decryptCredentials, encryptCredentials } from "../../../platform/credentials-cipher";
import { EVENT_MESSAGES } from "../../events/messages";
import { webhookUrlRefusal } from "../../events/url-policy";
import { channelFailureMessage } from "../channel-calls";
import { mlListingMap } from "./mapping";
import {
  ML_BASE_URL_INVALID,
  ML_BASE_URL_NOT_HTTPS,
  ML_BASE_URL_PRIVATE,
  mlCodeRefused,
  mlRefreshRefused,
  mlTokenGrantFailed,
} from "./messages";
import { mlMissedInbox } from "./missed-feeds";

export const ML_KIND_CODE = "mercado-livre";

/** How long a refresh lease lasts (a crashed refresher frees it after this). */
const LEASE_MS = 30_000;

const utcText = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");
const utcDate = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

type SealedTokens = { accessToken: string | null; refreshToken: string };

/** Why the API address is refused (the webhooks' SSRF rule: production https on a public host), or null. */
export function mlBaseUrlRefusal(url: string, production: boolean): string | null {
  const refusal = webhookUrlRefusal(url, production);
  if (refusal === null) return null;
  if (refusal === EVENT_MESSAGES.urlNotHttps) return ML_BASE_URL_NOT_HTTPS;
  if (refusal === EVENT_MESSAGES.urlPrivate) return ML_BASE_URL_PRIVATE;
  return ML_BASE_URL_INVALID;
}

export const sealTokens = (key: string, companyId: number, tokens: SealedTokens) =>
  encryptCredentials(key, companyId, tokens);

/**
 * The grant of a code or a refresh token at `POST /oauth/token`; a refusal is a 400 with its reason,
 * and so is an answer that is no grant (a redirect, not JSON, malformed, a 5xx, no answer): never a 5xx.
 */
export async function mlGrant(
  endpoint: { baseUrl: string; clientId: string; clientSecret: string; production: boolean },
  grant:
    | { grant_type: "refresh_token"; refresh_token: string }
    | { grant_type: "authorization_code"; code: string; redirect_uri: string },
): Promise<MlTokenGrant> {
  try {
    return await exchangeToken(endpoint, grant);
  } catch (error) {
    if (error instanceof OAuthRefused) {
      throw badRequest(
        grant.grant_type === "refresh_token" ? mlRefreshRefused(error.reason) : mlCodeRefused(error.reason),
      );
    }
    if (error instanceof ChannelError) {
      const reason = typeof error.detail.reason === "string" ? error.detail.reason : null;
      throw badRequest(mlTokenGrantFailed(reason ?? channelFailureMessage(error)));
    }
    throw error;
  }
}

/** The token store of one integration over `ml_connections`. */
export function mlTokenStore(db: Db, key: string, companyId: number, integrationId: number): MlTokenStore {
  return {
    async read(): Promise<MlTokenState | null> {
      const row = await findMlConnection(db, companyId, integrationId);
      if (!row?.tokens) return null;
      const tokens = (await decryptCredentials(key, companyId, row.tokens)) as SealedTokens | null;
      if (!tokens) return null;
      return {
        version: row.version,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        accessExpiresAt: row.accessExpiresAt ? utcDate(row.accessExpiresAt) : null,
        sellerId: row.sellerId,
      };
    },
    claimRefresh(version) {
      const now = new Date();
      return claimMlRefresh(
        db,
        integrationId,
        version,
        utcText(now),
        utcText(new Date(now.getTime() + LEASE_MS)),
      );
    },
    async replace(version, grant) {
      return replaceMlTokens(db, integrationId, version, {
        tokens: await sealTokens(key, companyId, {
          accessToken: grant.accessToken,
          refreshToken: grant.refreshToken,
        }),
        accessExpiresAt: utcText(grant.accessExpiresAt),
        sellerId: grant.sellerId,
      });
    },
    async refused(version, reason) {
      log("warn", "mercado livre refused the refresh token", { integrationId, reason });
      await expireMlConnection(db, companyId, integrationId, version, mlRefreshRefused(reason));
    },
  };
}

/** The notification inbox: orders notified by `orders_v2`, and the orders of notified shipments. */
export function mlInbox(db: Db, integrationId: number): MlInbox {
  return {
    async pendingOrders(limit) {
      const pending = await pendingMlNotifications(db, integrationId, limit);
      const shipments = pending.flatMap((row) => {
        const id = /^\/shipments\/(\d{1,20})$/.exec(row.resource)?.[1];
        return id ? [id] : [];
      });
      const ordersOf = await channelOrdersOfShipments(db, integrationId, shipments);
      return pending.flatMap((row) => {
        const shipment = /^\/shipments\/(\d{1,20})$/.exec(row.resource)?.[1];
        if (shipment) {
          const orders = ordersOf.get(shipment) ?? [];
          // a shipment of an order not pulled yet: its order comes with the sweep
          return orders.length === 0
            ? [{ id: row.id, resource: "" }]
            : orders.map((orderId) => ({ id: row.id, resource: `/orders/${orderId}` }));
        }
        return [{ id: row.id, resource: row.resource }];
      });
    },
    fetched: (ids) => markMlNotifications(db, integrationId, [...new Set(ids)], "fetched"),
  };
}

/** The adapter's settings of an integration whose connection row is `connection`. */
export function mlSettingsOf(
  deps: { db: Db; credentialsKey: string; production: boolean },
  row: { companyId: number; companyIntegrationId: number },
  connection: MlConnectionRow,
  app: { ClientId: string; ClientSecret: string },
): MlSettings {
  const integrationId = row.companyIntegrationId;
  return {
    baseUrl: connection.baseUrl,
    production: deps.production,
    clientId: app.ClientId,
    clientSecret: app.ClientSecret,
    tokens: mlTokenStore(deps.db, deps.credentialsKey, row.companyId, integrationId),
    inbox: mlInbox(deps.db, integrationId),
    listings: mlListingMap(deps.db, row.companyId, integrationId),
    missed: mlMissedInbox(deps.db, row.companyId, integrationId),
    unsettled: {
      after: (afterId, limit) =>
        unsettledChannelOrders(deps.db, row.companyId, integrationId, afterId, limit),
      refunds: (limit) => pendingRefunds(deps.db, row.companyId, integrationId, limit),
    },
    onCalls: (calls) => logMlCalls(integrationId, calls),
  };
}

/**
 * One log line for a group of calls (`GET /orders/1/billing_info 200 ok 12ms`, a retry's attempt
 * as `#2`): `warn` when one of them failed. Paths carry ids, never tokens.
 */
export function logMlCalls(integrationId: number, calls: MlCallOutcome[]) {
  const failed = calls.some((call) => call.outcome === "failed");
  log(failed ? "warn" : "info", "mercado livre calls", {
    integrationId,
    count: calls.length,
    calls: calls.map(
      (call) =>
        `${call.method} ${call.path} ${call.status ?? "-"} ${call.outcome}${call.attempt > 1 ? ` #${call.attempt}` : ""} ${call.ms}ms`,
    ),
  });
}
