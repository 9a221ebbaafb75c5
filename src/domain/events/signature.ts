import { hmacSha256Hasher, toBase64Url } from "../../lib/hashing";

/** The `X-Signature` of one delivery: `(timestamp, body) => header`. */
export type Signer = (timestamp: number, body: string) => Promise<string>;

/**
 * The signer of an endpoint's deliveries, its secrets' HMAC keys imported once (a batch signs all the
 * deliveries of an endpoint with the same keys). `X-Signature`: `t=<unix seconds>,v1=<hex>` where
 * hex = HMAC-SHA256(secret, `<t>.<body>`). During a rotation's grace period one `v1=` per valid
 * secret (the new one first), like Stripe's header, so receivers holding either secret accept it.
 */
export async function webhookSigner(secrets: string[]): Promise<Signer> {
  const hashers = await Promise.all(secrets.map(hmacSha256Hasher));
  return async (timestamp, body) => {
    const signed = `${timestamp}.${body}`;
    const signatures = await Promise.all(hashers.map((hash) => hash(signed)));
    return [`t=${timestamp}`, ...signatures.map((s) => `v1=${s}`)].join(",");
  };
}

/** The `X-Signature` of one body signed with `secrets` at `timestamp` (see `webhookSigner`). */
export async function signatureHeader(secrets: string[], timestamp: number, body: string): Promise<string> {
  return (await webhookSigner(secrets))(timestamp, body);
}

/** A new endpoint secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `whsec_${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
}
