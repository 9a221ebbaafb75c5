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
import type { PixPsp } from "../../adapters/pix/types";
import type { Env } from "../../env";
import { decryptCredentials, encryptCredentials } from "../../platform/credentials-cipher";

/** What `pix_integrations` keeps about the PSP (the row's columns that matter to a call). */
export type PixConnectionSettings = {
  companyId: number;
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
 * The PSP of an integration, or why there is none. `fetcher` replaces the network in tests of the
 * code around the adapter; production and the HTTP tests use the global `fetch` or the certificate.
 */
export async function pixPspFor(
  env: Env,
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
      ...(fetcher ? { fetcher } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.itemsPerPage ? { itemsPerPage: options.itemsPerPage } : {}),
    }),
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
