import { and, eq } from "drizzle-orm";
import { sefazSandboxEvents } from "../../drizzle/schema";
import type { SandboxEventStore } from "../adapters/sefaz";
import type { Db } from "../env";
import { isConstraintError } from "../lib/errors";

/** The SEFAZ sandbox's own memory: the events it registered, by access key and author. */

async function sandboxEventsOf(db: Db, accessKey: string, authorDocument: string): Promise<number[]> {
  const rows = await db
    .select({ event: sefazSandboxEvents.event })
    .from(sefazSandboxEvents)
    .where(
      and(eq(sefazSandboxEvents.chNfe, accessKey), eq(sefazSandboxEvents.authorDocument, authorDocument)),
    );
  return rows.map((row) => row.event);
}

/**
 * Registers the event; answers its sequence (the protocol's number) or null when a unique index
 * refused it (the same event, or a second conclusive one, registered by a concurrent request).
 */
async function registerSandboxEvent(
  db: Db,
  event: { accessKey: string; authorDocument: string; event: number; registeredAt: string },
): Promise<number | null> {
  try {
    const [row] = await db
      .insert(sefazSandboxEvents)
      .values({
        chNfe: event.accessKey,
        authorDocument: event.authorDocument,
        event: event.event,
        registeredAt: event.registeredAt,
      })
      .returning({ id: sefazSandboxEvents.id });
    return row!.id;
  } catch (error) {
    if (isConstraintError(error)) return null;
    throw error;
  }
}

/** The sandbox's memory in the account's database, as the SEFAZ adapter takes it. */
export function sefazSandboxStore(db: Db): SandboxEventStore {
  return {
    eventsOf: (accessKey, authorDocument) => sandboxEventsOf(db, accessKey, authorDocument),
    register: (event) => registerSandboxEvent(db, event),
  };
}
