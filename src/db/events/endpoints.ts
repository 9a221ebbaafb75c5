import { and, desc, eq, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { onPage, utcNow } from "../sql";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export type WebhookEndpointFields = {
  url?: string;
  description?: string | null;
  eventTypes?: string[];
  active?: number;
  maxPerSecond?: number;
};

export async function listEndpoints(db: Db, companyId: number, page: number): Promise<WebhookEndpointRow[]> {
  return onPage(
    db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, companyId))
      .orderBy(desc(webhookEndpoints.id)),
    page,
  );
}

export async function findEndpoint(
  db: Db,
  companyId: number,
  endpointId: number,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
    .get();
}

export async function insertEndpoint(
  db: Db,
  companyId: number,
  fields: Required<Pick<WebhookEndpointFields, "url" | "eventTypes">> & WebhookEndpointFields,
  secret: string,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      companyId,
      url: fields.url,
      description: fields.description ?? null,
      eventTypes: JSON.stringify(fields.eventTypes),
      active: fields.active ?? 1,
      maxPerSecond: fields.maxPerSecond,
      secret,
    })
    .returning();
  return row!;
}

export async function updateEndpoint(
  db: Db,
  companyId: number,
  endpointId: number,
  fields: WebhookEndpointFields,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: fields.url,
      description: fields.description,
      eventTypes: fields.eventTypes ? JSON.stringify(fields.eventTypes) : undefined,
      active: fields.active,
      // turning it on again clears why a delivery had turned it off
      disabledReason: fields.active === 1 ? null : undefined,
      maxPerSecond: fields.maxPerSecond,
      updatedAt: utcNow,
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
    .returning();
  return row;
}

/** The new secret, the current one kept valid for `graceSeconds` (0: dropped at once). */
export async function rotateEndpointSecret(
  db: Db,
  companyId: number,
  endpointId: number,
  secret: string,
  graceSeconds: number,
): Promise<WebhookEndpointRow | undefined> {
  const expires = sql`strftime('%Y-%m-%d %H:%M:%S', 'now', ${`+${graceSeconds} seconds`})`;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: graceSeconds > 0 ? webhookEndpoints.secret : null,
      previousSecretExpiresAt: graceSeconds > 0 ? expires : null,
      secret,
      updatedAt: utcNow,
    })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId)))
    .returning();
  return row;
}

/** Removes the endpoint with its deliveries and their attempts, in one batch; false when not found. */
export async function deleteEndpoint(db: Db, companyId: number, endpointId: number): Promise<boolean> {
  const ofEndpoint = sql`SELECT id FROM ${webhookDeliveries} WHERE endpoint_id = ${endpointId} AND company_id = ${companyId}`;
  const [, , deleted] = await db.batch([
    db.delete(webhookAttempts).where(sql`${webhookAttempts.deliveryId} IN (${ofEndpoint})`),
    db
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.companyId, companyId))),
    db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, companyId))),
  ]);
  return deleted.meta.changes > 0;
}
