import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../env";

/**
 * A hand-written SQL statement with bound parameters, usable inside `db.batch([...])`.
 *
 * drizzle's `db.run(sql)` works alone, but inside a D1 batch it binds parameters on a prepared
 * statement it never creates (`SQLiteRaw` has no `stmt`; drizzle-orm 0.45), so a raw statement with
 * parameters throws there. This gives it the D1 statement drizzle's batch expects.
 */
export function rawStatement(db: Db, query: SQL): BatchItem<"sqlite"> {
  const raw = db.run(query);
  // drizzle keeps the binding it was built on (a database or a session) as `$client`.
  const client = (db as Db & { $client: D1Database }).$client;
  Object.assign(raw, { stmt: client.prepare(raw.getQuery().sql) });
  return raw;
}
