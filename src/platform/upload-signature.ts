import { toHex } from "../lib/hashing";

/** What a signed upload URL of the Worker commits to. */
export type SignedFields = {
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  sizeBytes: number;
  contentType: string;
};

const METHOD = "PUT";
const SIGNATURE = /^[0-9a-f]{64}$/;

/** The secret that signs the Worker's upload URLs; missing is a configuration fault, never a default. */
export function uploadSigningSecret(env: { UPLOAD_SIGNING_SECRET?: string }): string {
  if (!env.UPLOAD_SIGNING_SECRET) throw new Error("UPLOAD_SIGNING_SECRET is not configured");
  return env.UPLOAD_SIGNING_SECRET;
}

function canonical(fields: SignedFields): Uint8Array {
  return new TextEncoder().encode(
    [METHOD, fields.key, String(fields.expires), String(fields.sizeBytes), fields.contentType].join("\n"),
  );
}

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    [usage],
  );
}

/** HMAC-SHA256 over method, key, expiry, size and content type, hex. */
export async function signUpload(secret: string, fields: SignedFields): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), canonical(fields)));
}

/** Constant-time check (WebCrypto verify) of a hex signature. */
export async function verifyUpload(
  secret: string,
  fields: SignedFields,
  signature: string,
): Promise<boolean> {
  if (!SIGNATURE.test(signature)) return false;
  const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => Number.parseInt(pair, 16)));
  return crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), bytes, canonical(fields));
}
