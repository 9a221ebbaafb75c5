import { and, asc, eq } from "drizzle-orm";
import { trackingMessages } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { eqIf, onPage, utcNow } from "../sql";

export type TrackingMessageRow = typeof trackingMessages.$inferSelect;

export type TrackingMessageFields = {
  trackingStatusId?: number;
  typeMessage?: number;
  subject?: string | null;
  body?: string;
  active?: number;
};

export async function listTrackingMessages(
  db: Db,
  companyId: number,
  filters: { trackingStatusId?: number; page: number },
): Promise<TrackingMessageRow[]> {
  return onPage(
    db
      .select()
      .from(trackingMessages)
      .where(
        and(
          eq(trackingMessages.companyId, companyId),
          eqIf(trackingMessages.trackingStatusId, filters.trackingStatusId),
        ),
      )
      .orderBy(asc(trackingMessages.trackingStatusId), asc(trackingMessages.typeMessage)),
    filters.page,
  );
}

export async function findTrackingMessage(
  db: Db,
  companyId: number,
  id: number,
): Promise<TrackingMessageRow | undefined> {
  return db
    .select()
    .from(trackingMessages)
    .where(and(eq(trackingMessages.id, id), eq(trackingMessages.companyId, companyId)))
    .get();
}

/** The active templates of one tracking status (at most one per channel). */
export async function activeTemplatesOf(
  db: Db,
  companyId: number,
  trackingStatusId: number,
): Promise<TrackingMessageRow[]> {
  return db
    .select()
    .from(trackingMessages)
    .where(
      and(
        eq(trackingMessages.companyId, companyId),
        eq(trackingMessages.trackingStatusId, trackingStatusId),
        eq(trackingMessages.active, 1),
      ),
    )
    .orderBy(asc(trackingMessages.typeMessage));
}

export async function insertTrackingMessage(
  db: Db,
  companyId: number,
  fields: Required<Pick<TrackingMessageFields, "trackingStatusId" | "typeMessage" | "body">> &
    TrackingMessageFields,
): Promise<TrackingMessageRow> {
  const [row] = await db
    .insert(trackingMessages)
    .values({
      companyId,
      trackingStatusId: fields.trackingStatusId,
      typeMessage: fields.typeMessage,
      subject: fields.subject ?? null,
      body: fields.body,
      active: fields.active ?? 1,
    })
    .returning();
  return row!;
}

export async function updateTrackingMessage(
  db: Db,
  companyId: number,
  id: number,
  fields: TrackingMessageFields,
): Promise<TrackingMessageRow | undefined> {
  const [row] = await db
    .update(trackingMessages)
    .set({ ...fields, updatedAt: utcNow })
    .where(and(eq(trackingMessages.id, id), eq(trackingMessages.companyId, companyId)))
    .returning();
  return row;
}

export async function deleteTrackingMessage(db: Db, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .delete(trackingMessages)
    .where(and(eq(trackingMessages.id, id), eq(trackingMessages.companyId, companyId)));
  return result.meta.changes > 0;
}
