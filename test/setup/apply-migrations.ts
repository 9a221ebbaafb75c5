import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll } from "vitest";

/**
 * Every test file starts from migrated, empty databases for both local accounts and an empty
 * upload bucket. The workers project runs its files in long-lived workerd processes (`isolate:
 * false`: one runtime per vitest worker instead of one per file), so the storage a file leaves
 * behind is reset here. The first file of a runtime drops every table, view and trigger and runs
 * the migrations (ids start at 1 again), then keeps what they made: the schema's text and the rows
 * they seeded. A later file whose schema is still that one (nothing created, altered or left
 * behind by a test) only has its rows reset, in one batch: triggers dropped, every table emptied,
 * the seeded rows and `sqlite_sequence` put back, triggers created again. That costs a tenth of the
 * migrations, run 2 x 224 times a suite. Any other schema, or a reset that fails, takes the full
 * path. Every stored object is deleted.
 */

const DATABASES = [
  ["DB_DEMO", env.DB_DEMO],
  ["DB_ACME", env.DB_ACME],
] as const;

type Row = Record<string, unknown>;

/** What the migrations made: the schema's text, the triggers' definitions and every row they wrote. */
type Migrated = {
  schema: string;
  triggers: { name: string; sql: string }[];
  rows: { table: string; rows: Row[] }[];
  sequence: Row[];
  tables: string[];
};

/** Kept on the runtime's global object, which outlives the files of the vitest worker. */
const store = globalThis as { __migratedDatabases?: Map<string, Migrated> };
store.__migratedDatabases ??= new Map();
const migrated = store.__migratedDatabases;

const OWN_OBJECTS = "name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'";

async function schemaText(db: D1Database): Promise<string> {
  const { results } = await db
    .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE ${OWN_OBJECTS} ORDER BY type, name`)
    .all<Row>();
  return JSON.stringify(results);
}

/** Drops everything the migrations created (the D1 internals stay). */
async function dropSchema(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND ${OWN_OBJECTS}`,
    )
    .all<{ type: "table" | "view" | "trigger"; name: string }>();
  if (results.length === 0) return;
  const order = { trigger: 0, view: 1, table: 2 } as const;
  const drops = results
    .sort((a, b) => order[a.type] - order[b.type])
    .map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`));
  // foreign keys are checked when the batch commits, by which time every table is gone
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...drops]);
}

/** Drops the schema, runs the migrations and keeps what they made for the next files. */
async function migrate(name: string, db: D1Database): Promise<void> {
  await dropSchema(db);
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  const [tables, triggers] = await db.batch([
    db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND ${OWN_OBJECTS} ORDER BY name`),
    db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND ${OWN_OBJECTS} ORDER BY name`),
  ]);
  const tableNames = (tables!.results as { name: string }[]).map((t) => t.name);
  const contents = await db.batch([
    ...tableNames.map((table) => db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`)),
    db.prepare("SELECT name, seq FROM sqlite_sequence"),
  ]);
  migrated.set(name, {
    schema: await schemaText(db),
    triggers: triggers!.results as { name: string; sql: string }[],
    rows: tableNames
      .map((table, i) => ({ table, rows: contents[i]!.results as Row[] }))
      .filter((t) => t.rows.length > 0),
    sequence: contents[tableNames.length]!.results as Row[],
    tables: tableNames,
  });
}

const insert = (db: D1Database, table: string, row: Row) => {
  const columns = Object.keys(row);
  return db
    .prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map((_, i) => `?${i + 1}`).join(", ")})`,
    )
    .bind(...columns.map((c) => row[c] ?? null));
};

/** Empties every table and puts back what the migrations wrote, in one transaction; false when the schema changed. */
async function resetRows(name: string, db: D1Database): Promise<boolean> {
  const state = migrated.get(name);
  if (!state || (await schemaText(db)) !== state.schema) return false;
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    // no trigger fires while the rows go and come back
    ...state.triggers.map((t) => db.prepare(`DROP TRIGGER "${t.name}"`)),
    ...state.tables.map((table) => db.prepare(`DELETE FROM "${table}"`)),
    ...state.rows.flatMap(({ table, rows }) => rows.map((row) => insert(db, table, row))),
    db.prepare("DELETE FROM sqlite_sequence"),
    ...state.sequence.map((row) => insert(db, "sqlite_sequence", row)),
    ...state.triggers.map((t) => db.prepare(t.sql)),
  ]);
  return true;
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** Jobs still queued or running: their messages would otherwise land in the next file's databases. */
async function unfinishedWork(): Promise<number> {
  let open = 0;
  for (const [, db] of DATABASES) {
    const row = await db
      .prepare(
        `SELECT (SELECT count(*) FROM jobs WHERE status IN ('Pending', 'Processing'))
              + (SELECT count(*) FROM webhook_deliveries WHERE status IN ('Pending', 'Sending')) AS n`,
      )
      .first<{ n: number }>()
      .catch(() => ({ n: 0 }));
    open += row?.n ?? 0;
  }
  return open;
}

for (const [name, db] of DATABASES) {
  const reset = await resetRows(name, db).catch(() => false);
  if (!reset) await migrate(name, db);
}
await emptyBucket(env.UPLOADS);

afterAll(async () => {
  // let the queues settle what this file started (a job left pending on purpose waits at most 3 s)
  for (let waited = 0; waited < 3000 && (await unfinishedWork()) > 0; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
