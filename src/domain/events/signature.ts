import { hmacSha256Hex } from "../../lib/hashing";

/**
 * `X-Signature`: `t=<unix seconds>,v1=<hex>` where hex = HMAC-SHA256(secret, `<t>.<body>`). During a
 * rotation's grace period one `v1=` per valid secret (the new one first), like Stripe's header, so
 * receivers holding either secret accept the delivery.
 */
export async function signatureHeader(secrets: string[], timestamp: number, body: string): Promise<string> {
  const signed = `${timestamp}.${body}`;
  const signatures = await Promise.all(secrets.map((secret) => hmacSha256Hex(secret, signed)));
  return [`t=${timestamp}`, ...signatures.map((s) => `v1=${s}`)].join(",");
}

/** A new endpoint secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `whsec_${base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}
