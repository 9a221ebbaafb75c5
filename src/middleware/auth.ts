import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { unauthorized } from "../lib/errors";
import { jwtSecret, readToken } from "../platform/jwt";

const AUTHORIZATION = /^(?:JWT|Bearer) +([A-Za-z0-9._-]+)$/i;

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
