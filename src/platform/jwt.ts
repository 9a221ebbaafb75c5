import { sign, verify } from "hono/jwt";
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

/** The caller of a valid token, or null when the token is malformed, forged, expired or incomplete. */
export async function readToken(secret: string, token: string): Promise<Caller | null> {
  try {
    const payload = await verify(token, secret, "HS256");
    const userId = Number(payload.sub);
    const companyId = payload.company;
    if (typeof payload.exp !== "number") return null;
    if (!Number.isInteger(userId) || userId < 1) return null;
    if (typeof companyId !== "number" || !Number.isInteger(companyId) || companyId < 1) return null;
    if (typeof payload.account !== "string") return null;
    return { userId, companyId, account: payload.account };
  } catch {
    return null;
  }
}
