import { drizzle } from "drizzle-orm/d1";
import type { Db, Env } from "../env";

export type Tenants = Record<string, string>;

export function parseTenants(env: Env): Tenants {
  try {
    const parsed = JSON.parse(env.TENANTS ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Tenants) : {};
  } catch {
    return {};
  }
}

/** The D1 binding of an account, or null when the account is not configured. */
export function tenantDatabase(env: Env, account: string): D1Database | null {
  const binding = Object.hasOwn(parseTenants(env), account) ? parseTenants(env)[account] : undefined;
  if (!binding) return null;
  const database = (env as unknown as Record<string, unknown>)[binding];
  return database && typeof (database as D1Database).prepare === "function" ? (database as D1Database) : null;
}

/**
 * The query builder over an account's database (or a session of it). No `schema` is given: the
 * relational query API (`db.query.*`) is not used, and Drizzle walks the whole schema to build that
 * API's configuration each time it is given one, which made every request and job invocation pay
 * about a quarter of a small request's CPU for it (docs/PERFORMANCE.md).
 */
export function drizzleFor(database: D1Database | D1DatabaseSession): Db {
  // A D1 session exposes prepare() and batch(), which is all the Drizzle driver calls.
  return drizzle(database as D1Database, { casing: "snake_case" });
}

/**
 * Opens an account's database through D1's Sessions API. `bookmark` (from the client's last
 * response) guarantees the client reads its own writes even when a replica serves the read.
 */
export function openSession(
  database: D1Database,
  bookmark: string | null,
  write: boolean,
): D1DatabaseSession {
  const constraint = write ? "first-primary" : "first-unconstrained";
  if (bookmark) {
    try {
      return database.withSession(bookmark);
    } catch {
      // A malformed bookmark must not fail the request: start a fresh session instead.
    }
  }
  return database.withSession(constraint);
}
