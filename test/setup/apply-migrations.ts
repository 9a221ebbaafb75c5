import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll } from "vitest";

/**
 * Every test file starts from migrated, empty databases for both local accounts and an empty
 * upload bucket. The workers project runs its files in long-lived workerd processes (`isolate:
 * false`: one runtime per vitest worker instead of one per file), so the storage a file leaves
 * behind is wiped here: every table, view and trigger is dropped and the migrations run again
 * (ids start at 1 again), and every stored object is deleted.
 */

const DATABASES = [env.DB_DEMO, env.DB_ACME];

/** Drops everything the migrations created (the D1 internals stay). */
async function dropSchema(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
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
  for (const db of DATABASES) {
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

for (const db of DATABASES) {
  await dropSchema(db);
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
}
await emptyBucket(env.UPLOADS);

afterAll(async () => {
  // let the queues settle what this file started (a job left pending on purpose waits at most 3 s)
  for (let waited = 0; waited < 3000 && (await unfinishedWork()) > 0; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
