import { createMiddleware } from "hono/factory";
import { readToken } from "../domain/identity/tokens";
import type { AppEnv, Env } from "../env";
import { unauthorized } from "../lib/errors";

const AUTHORIZATION = /^(?:JWT|Bearer) +([A-Za-z0-9._-]+)$/i;

/** The signing secret; a missing secret is a configuration fault, never a reason to sign with a default. */
export function jwtSecret(env: Env): string {
  if (!env.JWT_SECRET) throw new Error("JWT_SECRET is not configured");
  return env.JWT_SECRET;
}

/** Requires `Authorization: JWT <token>` (or `Bearer`) whose account claim is the account of the host. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const secret = jwtSecret(c.env);
  const match = AUTHORIZATION.exec(c.req.header("Authorization")?.trim() ?? "");
  if (!match) throw unauthorized();
  const caller = await readToken(secret, match[1]!);
  if (!caller || caller.account !== c.get("account")) throw unauthorized();
  c.set("caller", caller);
  await next();
});
