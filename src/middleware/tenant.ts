import { createMiddleware } from "hono/factory";
import { drizzleFor, openSession, tenantDatabase } from "../db/client";
import type { AppEnv, Env } from "../env";
import { DEFAULT_VERSION, KNOWN_VERSIONS } from "../http/versions";
import { notFound } from "../lib/errors";

export const BOOKMARK_HEADER = "X-D1-Bookmark";

const VERSION_SEGMENT = /^\/(\d+\.\d+)(?=\/|$)/;

/** Splits `/1.4/accounts/...` into the version and the route path; unknown versions give null. */
export function splitVersion(pathname: string): { version: string; path: string } | null {
  const match = VERSION_SEGMENT.exec(pathname);
  if (!match) return { version: DEFAULT_VERSION, path: pathname };
  const version = match[1]!;
  if (!(KNOWN_VERSIONS as readonly string[]).includes(version)) return null;
  return { version, path: pathname.slice(match[0].length) || "/" };
}

/**
 * The account of a request: the host is `<account>.<API_DOMAIN>`, one label followed by exactly the
 * API's domain (`demo.localhost.evil.com` is no account), or DEFAULT_ACCOUNT on a bare local host.
 */
export function accountFromHost(hostname: string, env: Env): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const apiDomain = (env.API_DOMAIN || "localhost").toLowerCase();
  const bare = host === apiDomain || host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  if (bare) return env.DEFAULT_ACCOUNT || null;
  if (!host.endsWith(`.${apiDomain}`)) return null;
  const label = host.slice(0, -apiDomain.length - 1);
  return label && !label.includes(".") ? label : null;
}

/** Resolves the account to its own D1 database and opens a session honouring the client's bookmark. */
export const tenant = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const account = accountFromHost(url.hostname, c.env);
  const database = account ? tenantDatabase(c.env, account) : null;
  if (!account || !database) throw notFound("Conta não encontrada");
  const split = splitVersion(url.pathname);
  c.set("account", account);
  c.set("version", split?.version ?? DEFAULT_VERSION);
  const write = !["GET", "HEAD", "OPTIONS"].includes(c.req.method);
  const session = openSession(database, c.req.header(BOOKMARK_HEADER) ?? null, write);
  c.set("db", drizzleFor(session));
  await next();
  const bookmark = session.getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
});
