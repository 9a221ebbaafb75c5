/**
 * PBKDF2-SHA256 password hashing through WebCrypto. Cloudflare's production runtime caps
 * PBKDF2 at 100000 iterations, so that is the work factor; each user has a random salt.
 */
export const PASSWORD_ITERATIONS = 100_000;

export type PasswordHash = { hash: string; salt: string; iterations: number };

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(
  password: string,
  iterations = PASSWORD_ITERATIONS,
): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return { hash: toBase64(hash), salt: toBase64(salt), iterations };
}

/**
 * A hash no password matches (zero key, fixed salt) at the production work factor: sign-in verifies
 * against it when the e-mail is unknown, so an unknown e-mail costs the same time as a wrong password.
 */
export const DUMMY_PASSWORD_HASH: PasswordHash = {
  hash: toBase64(new Uint8Array(32)),
  salt: toBase64(encoder.encode("sem-usuario-0000")),
  iterations: PASSWORD_ITERATIONS,
};

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = fromBase64(stored.hash);
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ expected[i]!;
  return diff === 0;
}
