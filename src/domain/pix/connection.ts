/**
 * The one way to reach a company's PSP: a Pix integration's stored settings (`pix_integrations`)
 * become a `PixPsp` (BACEN's API Pix v2 over HTTP). Credentials are stored encrypted with the
 * Worker secret `HUB_CREDENTIALS_KEY` (the key of every integration credential) and the company id
 * as associated data; they are decrypted here, for the call, and never returned or logged.
 *
 * In production the PSP's API asks for mutual TLS: the integration names a Workers
 * `mtls_certificates` binding (`MtlsCertificate`), whose `fetch` presents the company's certificate.
 */
import { BacenPixApi, type PixFetcher } from "../../adapters/pix/bacen-api";
import type { PixPsp, PixStoredToken, PixTokenStore } from "../../adapters/pix/types";
import {
  dropPixToken,
  leasePixToken,
  type PixTokenKey,
  readPixToken,
  releasePixTokenLease,
  savePixToken,
} from "../../db/pix-tokens";
import type { Db, Env } from "../../env";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";

/** What `pix_integrations` keeps about the PSP (the row's columns that matter to a call). */
export type PixConnectionSettings = {
  companyId: number;
  companyIntegrationId: number;
  baseUrl: string | null;
  /** The encrypted `{ clientId, clientSecret }`. */
  credentials: string | null;
  mtlsCertificate: string | null;
};

export type PixClientCredentials = { clientId: string; clientSecret: string };

/** Why the integration cannot call its PSP yet (readable; shown as its state reason). */
export const PIX_CONNECTION_MESSAGES = {
  noBaseUrl: "Integração Pix sem BaseUrl: informe o endereço da API Pix do PSP",
  noCredentials: "Integração Pix sem credenciais: informe ClientId e ClientSecret",
  credentialsUnreadable: "As credenciais da integração Pix não puderam ser lidas: informe-as de novo",
  noCipherKey: "O servidor não tem a chave de credenciais (HUB_CREDENTIALS_KEY)",
  noCertificate: (name: string) => `O certificado mTLS ${name} não está configurado no Worker`,
} as const;

const M = PIX_CONNECTION_MESSAGES;

export async function sealPixCredentials(
  env: Pick<Env, "HUB_CREDENTIALS_KEY">,
  companyId: number,
  credentials: PixClientCredentials,
): Promise<string | null> {
  if (!env.HUB_CREDENTIALS_KEY) return null;
  return encryptCredentials(env.HUB_CREDENTIALS_KEY, companyId, credentials);
}

export type PixConnection = { ok: true; psp: PixPsp } | { ok: false; reason: string };

/**
 * The PSP of an integration, or why there is none. Its access token is the integration's, stored
 * sealed on its row and shared by every request and job (`integrationTokenStore`). `fetcher`
 * replaces the network in tests of the code around the adapter; production and the HTTP tests use
 * the global `fetch` or the certificate.
 */
export async function pixPspFor(
  env: Env,
  db: Db,
  settings: PixConnectionSettings,
  options: { fetcher?: PixFetcher; timeoutMs?: number; itemsPerPage?: number } = {},
): Promise<PixConnection> {
  if (!settings.baseUrl) return { ok: false, reason: M.noBaseUrl };
  if (!settings.credentials) return { ok: false, reason: M.noCredentials };
  if (!env.HUB_CREDENTIALS_KEY) return { ok: false, reason: M.noCipherKey };
  const plain = await decryptCredentials(env.HUB_CREDENTIALS_KEY, settings.companyId, settings.credentials);
  if (!isClientCredentials(plain)) return { ok: false, reason: M.credentialsUnreadable };
  let fetcher = options.fetcher;
  if (!fetcher && settings.mtlsCertificate) {
    const binding = (env as unknown as Record<string, unknown>)[settings.mtlsCertificate];
    if (!isFetcher(binding)) return { ok: false, reason: M.noCertificate(settings.mtlsCertificate) };
    fetcher = binding;
  }
  return {
    ok: true,
    psp: new BacenPixApi({
      baseUrl: settings.baseUrl,
      clientId: plain.clientId,
      clientSecret: plain.clientSecret,
      tokenStore: integrationTokenStore(db, env.HUB_CREDENTIALS_KEY, settings),
      // the address rule of every call (outboundFetch): https on a public host outside development
      production: env.ENVIRONMENT !== "development",
      ...(fetcher ? { fetcher } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.itemsPerPage ? { itemsPerPage: options.itemsPerPage } : {}),
    }),
  };
}

/**
 * The integration's token on its row, sealed like the credentials (AES-GCM, `HUB_CREDENTIALS_KEY`,
 * the company as associated data). It belongs to the settings it was asked with: a changed address,
 * credentials or certificate voids it.
 */
function integrationTokenStore(db: Db, cipherKey: string, settings: PixConnectionSettings): PixTokenStore {
  const key: PixTokenKey = {
    companyId: settings.companyId,
    integrationId: settings.companyIntegrationId,
    baseUrl: settings.baseUrl,
    credentials: settings.credentials,
    mtlsCertificate: settings.mtlsCertificate,
  };
  /** The sealed text of each token this store read or wrote, to drop exactly that one. */
  const sealedOf = new Map<string, string>();
  let leasedUntil: number | null = null;
  return {
    async read(): Promise<PixStoredToken | null> {
      const row = await readPixToken(db, key);
      if (!row) return null;
      const plain = await decryptCredentials(cipherKey, settings.companyId, row.sealed);
      const value = (plain as { accessToken?: unknown } | null)?.accessToken;
      if (typeof value !== "string" || !value) {
        // sealed with another key (HUB_CREDENTIALS_KEY rotated): forgotten, and asked again
        await dropPixToken(db, key, row.sealed);
        return null;
      }
      sealedOf.set(value, row.sealed);
      return { value, renewAt: row.renewAt };
    },
    async lease(now, until) {
      const taken = await leasePixToken(db, key, now, until);
      leasedUntil = taken ? until : null;
      return taken;
    },
    async save(token) {
      const sealed = await encryptCredentials(cipherKey, settings.companyId, { accessToken: token.value });
      sealedOf.set(token.value, sealed);
      await savePixToken(db, key, { sealed, renewAt: token.renewAt });
      leasedUntil = null;
    },
    async release() {
      if (leasedUntil !== null) await releasePixTokenLease(db, key, leasedUntil);
      leasedUntil = null;
    },
    async drop(value) {
      const sealed = sealedOf.get(value);
      if (sealed) await dropPixToken(db, key, sealed);
    },
  };
}

function isClientCredentials(value: unknown): value is PixClientCredentials {
  if (typeof value !== "object" || value === null) return false;
  const { clientId, clientSecret } = value as Record<string, unknown>;
  return typeof clientId === "string" && typeof clientSecret === "string";
}

function isFetcher(value: unknown): value is PixFetcher {
  return typeof value === "object" && value !== null && typeof (value as PixFetcher).fetch === "function";
}
