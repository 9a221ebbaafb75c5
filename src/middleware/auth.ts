import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { unauthorized } from "../lib/errors";
import { jwtSecret, readToken } from "../platform/jwt";

const AUTHORIZATION = /^(?:JWT|Bearer) +([A-Za-z0-9._-]+)$/i;

/** Routes a browser opens directly (shipping labels) may carry the token in `?token=` instead of the header. */
const QUERY_TOKEN_ROUTES = /^\/(?:\d+\.\d+\/)?hub\/resource\/\d+$/;

function queryToken(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const token = QUERY_TOKEN_ROUTES.test(pathname) ? searchParams.get("token") : null;
  return token ? `JWT ${token}` : "";
}

/** Requires `Authorization: JWT <token>` (or `Bearer`) whose account claim is the account of the host. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const secret = jwtSecret(c.env);
  const match = AUTHORIZATION.exec(c.req.header("Authorization")?.trim() ?? queryToken(c.req.url));
  if (!match) throw unauthorized();
  const caller = await readToken(secret, match[1]!);
  if (!caller || caller.account !== c.get("account")) throw unauthorized();
  c.set("caller", caller);
  await next();
});
