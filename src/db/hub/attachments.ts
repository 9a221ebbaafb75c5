import { and, eq } from "drizzle-orm";
import { hubAttachments } from "../../../drizzle/schema";
import type { Db } from "../../env";

export type HubAttachmentRow = typeof hubAttachments.$inferSelect;
export type NewHubAttachment = Omit<typeof hubAttachments.$inferInsert, "id" | "createdAt">;

export async function insertHubAttachment(db: Db, values: NewHubAttachment): Promise<HubAttachmentRow> {
  const [row] = await db.insert(hubAttachments).values(values).returning();
  return row!;
}

/** Attachments of a hub order (claimId undefined) or of one of its claims. */
export async function attachmentsOf(
  db: Db,
  companyId: number,
  target: { hubOrderId: number } | { claimId: number },
): Promise<HubAttachmentRow[]> {
  const key =
    "claimId" in target
      ? eq(hubAttachments.claimId, target.claimId)
      : eq(hubAttachments.hubOrderId, target.hubOrderId);
  return db
    .select()
    .from(hubAttachments)
    .where(and(eq(hubAttachments.companyId, companyId), key))
    .orderBy(hubAttachments.id);
}
