import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { events } from "../../drizzle/schema";
import { demoDb } from "./statement-factories";

/** Events of a type in the demo account's outbox, newest first, payload parsed. */
export async function eventsOfType(type: string) {
  const rows = await demoDb().select().from(events).where(eq(events.type, type)).orderBy(desc(events.id));
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }));
}

/** A trigger that makes matching writes fail inside the database while `run` runs. */
export async function withFailingTrigger(name: string, definition: string, run: () => Promise<void>) {
  await env.DB_DEMO.prepare(
    `CREATE TRIGGER ${name} ${definition} BEGIN SELECT RAISE(ABORT, 'falha forçada'); END`,
  ).run();
  try {
    await run();
  } finally {
    await env.DB_DEMO.prepare(`DROP TRIGGER ${name}`).run();
  }
}
