import { isNull, lt, or, sql } from "drizzle-orm";
import { mlNotifications } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { utcNow } from "../sql";

/**
 * Takes notifications Mercado Livre could not deliver into the inbox as pending: a resource not in
 * the inbox is added; one already there becomes pending again only when the missed notification
 * was sent after the one stored (so the feed's two days of history are not fetched again and again).
 * True when the row was added or set pending.
 */
export async function takeMissedMlNotification(
  db: Db,
  values: { companyId: number; integrationId: number; topic: string; resource: string; sentAt: string },
): Promise<boolean> {
  const rows = await db
    .insert(mlNotifications)
    .values({
      companyId: values.companyId,
      companyIntegrationId: values.integrationId,
      topic: values.topic,
      resource: values.resource,
      state: "pending",
      sentAt: values.sentAt,
    })
    .onConflictDoUpdate({
      target: [mlNotifications.companyIntegrationId, mlNotifications.resource],
      set: {
        state: "pending",
        topic: values.topic,
        sentAt: values.sentAt,
        attempts: sql`${mlNotifications.attempts} + 1`,
        receivedAt: utcNow,
      },
      setWhere: or(isNull(mlNotifications.sentAt), lt(mlNotifications.sentAt, values.sentAt)),
    })
    .returning({ id: mlNotifications.id });
  return rows.length > 0;
}
