/**
 * The pure rules of a Pix integration's settings: which Pix keys DICT accepts, where the PSP's API
 * may be, the webhook secret and its hash, and the integration state a PSP failure leaves.
 */
import type { PixFailure } from "../../adapters/pix/types";
import { isCnpjShape, isValidCnpj, isValidCpf, normaliseDocument } from "../../lib/document-number";
import { sha256OfBytes, toBase64Url } from "../../lib/hashing";
import { EVENT_MESSAGES } from "../events/messages";
import { webhookUrlRefusal } from "../events/url-policy";
import { PIX_SETTINGS_MESSAGES as M } from "./settings-messages";

/**
 * The key types of BACEN's DICT API (tag "Chave"): CPF `^[0-9]{11}$`, CNPJ (`^[0-9]{14}$` in DICT API
 * 1.8.0, 2022; the alphanumeric CNPJ `[0-9A-Z]{12}[0-9]{2}` too, as every CNPJ field of the API Pix
 * since 2.9.0: the Receita Federal issues them since July 2026), PHONE
 * `^\+[1-9][0-9]\d{1,14}$` (Brazilian numbers only here: `+55`, a two-digit area code and 8 or 9
 * digits), EMAIL (a valid e-mail address of the WHATWG HTML standard, lower case, at most 77
 * characters) and EVP (a lowercase UUID the DICT generates). Every key is at most 77 characters.
 * CPF and CNPJ keys must also carry valid check digits (DICT binds them to the owner's document).
 */
export type PixKeyType = "CPF" | "CNPJ" | "PHONE" | "EMAIL" | "EVP";

const PHONE = /^\+55[1-9][0-9]\d{8,9}$/;
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_KEY = 77;

/** The DICT type of a Pix key, or null when DICT would not accept it. */
export function pixKeyType(key: string): PixKeyType | null {
  if (key.length === 0 || key.length > MAX_KEY) return null;
  if (/^\d{11}$/.test(key)) return isValidCpf(key) ? "CPF" : null;
  if (isCnpjShape(key)) return isValidCnpj(key) ? "CNPJ" : null;
  if (PHONE.test(key)) return "PHONE";
  if (EVP.test(key)) return "EVP";
  if (EMAIL.test(key)) return "EMAIL";
  return null;
}

/**
 * A key as stored: a CNPJ typed with its punctuation or in lower case (`12.abc.345/01de-35`) is the
 * CNPJ's stored form (`12ABC34501DE35`) when that is a valid CNPJ; any other key is kept as sent.
 */
export function normalisePixKey(key: string): string {
  if (!/^[0-9A-Za-z./\s-]+$/.test(key)) return key;
  const cnpj = normaliseDocument(key);
  return isValidCnpj(cnpj) ? cnpj : key;
}

/** Name of a Workers `mtls_certificates` binding (a JavaScript identifier of letters, digits and `_`). */
export const isBindingName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(name);

/**
 * Why the PSP's API address is refused, or null: the webhooks' SSRF rule (`webhookUrlRefusal`),
 * with the Pix settings' own messages: in production https on a public host only; in development
 * http and loopback too (the PSP double of the tests).
 */
export function baseUrlRefusal(url: string, production: boolean): string | null {
  const refusal = webhookUrlRefusal(url, production);
  if (refusal === null) return null;
  if (refusal === EVENT_MESSAGES.urlNotHttps) return M.baseUrlNotHttps;
  if (refusal === EVENT_MESSAGES.urlPrivate) return M.baseUrlPrivate;
  return M.baseUrlInvalid;
}

/** The states of a Pix integration (`pix_integrations.state`). */
export const PIX_STATE = {
  /** Settings complete, no failure known. */
  ok: "Ok",
  /** BaseUrl, credentials or the certificate binding missing: `StateReason` says which. */
  notConfigured: "NotConfigured",
  credentialsRefused: "CredentialsRefused",
  rateLimited: "RateLimited",
  unavailable: "Unavailable",
  refused: "Refused",
  invalidRequest: "InvalidRequest",
  invalidAnswer: "InvalidAnswer",
  timeout: "Timeout",
  network: "NetworkError",
} as const;

const STATE_OF_FAILURE: Record<PixFailure["kind"], string> = {
  credentials_refused: PIX_STATE.credentialsRefused,
  rate_limited: PIX_STATE.rateLimited,
  unavailable: PIX_STATE.unavailable,
  refused: PIX_STATE.refused,
  invalid_request: PIX_STATE.invalidRequest,
  invalid_answer: PIX_STATE.invalidAnswer,
  timeout: PIX_STATE.timeout,
  network: PIX_STATE.network,
  address: PIX_STATE.notConfigured,
};

/** The state a failed call leaves: its name, the adapter's reason and, for a 429, when to come back. */
export function stateOfFailure(
  failure: PixFailure,
  reason: string,
): { state: string; reason: string; retryAfterSeconds: number | null } {
  return {
    state: STATE_OF_FAILURE[failure.kind],
    reason,
    retryAfterSeconds: failure.kind === "rate_limited" ? failure.retryAfterSeconds : null,
  };
}

/** A webhook secret: 32 random bytes, base64url without padding (43 characters). */
export function newWebhookSecret(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** What `pix_integrations.webhook_secret_hash` keeps: the SHA-256 (hex) of the secret's UTF-8 text. */
export async function webhookSecretHash(secret: string): Promise<string> {
  return sha256OfBytes(new TextEncoder().encode(secret));
}

/** A charge's txid: 32 random letters and digits (`[a-zA-Z0-9]{26,35}` of the API Pix). */
export function newTxid(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let txid = "";
  // 62 * 4 = 248: bytes from 248 up are drawn again, so every character is equally likely
  while (txid.length < 32) {
    for (const byte of crypto.getRandomValues(new Uint8Array(40))) {
      if (byte < 248 && txid.length < 32) txid += alphabet[byte % 62];
    }
  }
  return txid;
}
