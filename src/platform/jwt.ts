import { decode, sign, verify } from "hono/jwt";
import type { Caller, Env } from "../env";

/** The signing secret; a missing secret is a configuration fault, never a reason to sign with a default. */
export function jwtSecret(env: Env): string {
  if (!env.JWT_SECRET) throw new Error("JWT_SECRET is not configured");
  return env.JWT_SECRET;
}

/** Lifetime of a session token in seconds: `JWT_TTL_SECONDS`, 8 hours by default. */
export function jwtTtlSeconds(env: Env): number {
  return Number(env.JWT_TTL_SECONDS ?? 28800) || 28800;
}

/** Signs the session token: HS256 with `sub` (IDUser), `company` (IDCompany), `account` and `exp`. */
export async function issueToken(
  secret: string,
  caller: Caller,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return sign(
    {
      sub: String(caller.userId),
      company: caller.companyId,
      account: caller.account,
      iat,
      exp: iat + ttlSeconds,
    },
    secret,
    "HS256",
  );
}

/** Why a token was refused: not a JWT at all, not one this API signed (or incomplete), or past its `exp`. */
export type TokenRefusal =
  | { reason: "malformed" }
  | { reason: "invalid" }
  | { reason: "expired"; expiredAt: number };

/**
 * The caller of a valid token, or why it is refused. The signature is checked before the expiry, so a
 * forged token is never reported as merely expired (hono's `verify` reads `exp` first).
 */
export async function readToken(
  secret: string,
  token: string,
  now = Date.now(),
): Promise<{ caller: Caller } | TokenRefusal> {
  try {
    decode(token);
  } catch {
    return { reason: "malformed" };
  }
  let payload: Awaited<ReturnType<typeof verify>>;
  try {
    payload = await verify(token, secret, { alg: "HS256", exp: false });
  } catch {
    return { reason: "invalid" };
  }
  if (typeof payload.exp !== "number" || !Number.isFinite(payload.exp)) return { reason: "invalid" };
  if (payload.exp <= Math.floor(now / 1000)) return { reason: "expired", expiredAt: payload.exp };
  const userId = Number(payload.sub);
  const companyId = payload.company;
  if (!Number.isInteger(userId) || userId < 1) return { reason: "invalid" };
  if (typeof companyId !== "number" || !Number.isInteger(companyId) || companyId < 1)
    return { reason: "invalid" };
  if (typeof payload.account !== "string") return { reason: "invalid" };
  return { caller: { userId, companyId, account: payload.account } };
}
