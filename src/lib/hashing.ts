/** SHA-256 of a stream, hex, without holding the content in memory. */
export async function sha256OfStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  const digest = new crypto.DigestStream("SHA-256");
  await stream.pipeTo(digest);
  return toHex(await digest.digest);
}

export async function sha256OfBytes(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

export function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Bytes as base64url without padding (RFC 4648 §5): secrets in URLs, sealed credentials. */
export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const encoder = new TextEncoder();

/**
 * HMAC-SHA256 keyed by the secret's UTF-8 bytes, hex: the key imported once, for every text signed
 * with it (importing it per text costs as much as the signature).
 */
export async function hmacSha256Hasher(secret: string): Promise<(text: string) => Promise<string>> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return async (text) => toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}
