/**
 * Channel credentials at rest: AES-GCM (WebCrypto) with a key derived from the Worker secret
 * `HUB_CREDENTIALS_KEY`, a fresh 96-bit IV per write and the company id as associated data (a
 * ciphertext copied to another company's row does not decrypt). Stored as `v1.<iv>.<ciphertext>`.
 */

import { toBase64Url } from "../lib/hashing";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

export async function encryptCredentials(secret: string, companyId: number, plain: object): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(`company:${companyId}`) },
    await keyOf(secret),
    encoder.encode(JSON.stringify(plain)),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(cipher))}`;
}

/** The stored credentials, or null when they do not decrypt with this key and company. */
export async function decryptCredentials(
  secret: string,
  companyId: number,
  stored: string,
): Promise<unknown> {
  const [version, iv, cipher] = stored.split(".");
  if (version !== "v1" || !iv || !cipher) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(`company:${companyId}`) },
      await keyOf(secret),
      fromBase64Url(cipher),
    );
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
}
