import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  companyIntegrations,
  hubIntegrations,
  hubOrders,
  mlConnections,
  mlNotifications,
  mlOauthStates,
} from "../../../drizzle/schema";
import type { Db } from "../../env";
import { type Statement, utcNow } from "../sql";

export type MlConnectionRow = typeof mlConnections.$inferSelect;

/** The connection row of a new integration, in the batch that inserts it (`last_insert_rowid()` is its id). */
export function insertMlConnectionAfterIntegration(
  db: Db,
  companyId: number,
  values: Pick<MlConnectionRow, "baseUrl" | "clientId" | "sellerId" | "tokens" | "accessExpiresAt">,
): Statement {
  return db.insert(mlConnections).values({
    companyIntegrationId: sql`last_insert_rowid()`,
    companyId,
    ...values,
  });
}

export async function findMlConnection(
  db: Db,
  companyId: number,
  integrationId: number,
): Promise<MlConnectionRow | undefined> {
  return db
    .select()
    .from(mlConnections)
    .where(and(eq(mlConnections.companyId, companyId), eq(mlConnections.companyIntegrationId, integrationId)))
    .get();
}

/** Changes of a connection (new tokens from the company or the OAuth callback): the version moves. */
export async function changeMlConnection(
  db: Db,
  companyId: number,
  integrationId: number,
  changes: Partial<Pick<MlConnectionRow, "baseUrl" | "clientId" | "sellerId" | "tokens" | "accessExpiresAt">>,
  newTokens: boolean,
): Promise<void> {
  await db
    .update(mlConnections)
    .set({
      ...changes,
      ...(newTokens ? { version: sql`${mlConnections.version} + 1`, refreshLeaseUntil: null } : {}),
      updatedAt: utcNow,
    })
    .where(
      and(eq(mlConnections.companyId, companyId), eq(mlConnections.companyIntegrationId, integrationId)),
    );
}

/** Takes the refresh lease of this version when no other live lease holds it. */
export async function claimMlRefresh(
  db: Db,
  integrationId: number,
  version: number,
  now: string,
  until: string,
): Promise<boolean> {
  const rows = await db
    .update(mlConnections)
    .set({ refreshLeaseUntil: until })
    .where(
      and(
        eq(mlConnections.companyIntegrationId, integrationId),
        eq(mlConnections.version, version),
        or(isNull(mlConnections.refreshLeaseUntil), lt(mlConnections.refreshLeaseUntil, now)),
      ),
    )
    .returning({ id: mlConnections.companyIntegrationId });
  return rows.length === 1;
}

/** Compare-and-set of the tokens: stored only if the version is still `version`. */
export async function replaceMlTokens(
  db: Db,
  integrationId: number,
  version: number,
  values: { tokens: string; accessExpiresAt: string; sellerId: string },
): Promise<boolean> {
  const rows = await db
    .update(mlConnections)
    .set({ ...values, version: version + 1, refreshLeaseUntil: null, updatedAt: utcNow })
    .where(and(eq(mlConnections.companyIntegrationId, integrationId), eq(mlConnections.version, version)))
    .returning({ id: mlConnections.companyIntegrationId });
  return rows.length === 1;
}

/** The refresh token was refused: the integration becomes `Expired` with the reason, the tokens dropped. */
export async function expireMlConnection(
  db: Db,
  companyId: number,
  integrationId: number,
  version: number,
  reason: string,
): Promise<void> {
  await db.batch([
    db
      .update(mlConnections)
      .set({ tokens: null, version: version + 1, refreshLeaseUntil: null, updatedAt: utcNow })
      .where(and(eq(mlConnections.companyIntegrationId, integrationId), eq(mlConnections.version, version))),
    db
      .update(hubIntegrations)
      .set({ authState: "Expired", authReason: reason, updatedAt: utcNow })
      .where(
        and(
          eq(hubIntegrations.companyId, companyId),
          eq(hubIntegrations.companyIntegrationId, integrationId),
        ),
      ),
  ]);
}

/** The active integration a notification names (app's client id + seller's user id), across companies. */
export async function findMlConnectionBySeller(
  db: Db,
  clientId: string,
  sellerId: string,
): Promise<{ companyId: number; integrationId: number } | undefined> {
  return db
    .select({ companyId: mlConnections.companyId, integrationId: mlConnections.companyIntegrationId })
    .from(mlConnections)
    .innerJoin(
      companyIntegrations,
      and(
        eq(companyIntegrations.id, mlConnections.companyIntegrationId),
        eq(companyIntegrations.companyId, mlConnections.companyId),
        eq(companyIntegrations.status, 1),
      ),
    )
    .where(and(eq(mlConnections.clientId, clientId), eq(mlConnections.sellerId, sellerId)))
    .orderBy(asc(mlConnections.companyIntegrationId))
    .get();
}

/** Stores a notification once per resource: a repeated one sets it pending again and counts it. */
export async function upsertMlNotification(
  db: Db,
  values: {
    companyId: number;
    integrationId: number;
    topic: string;
    resource: string;
    state: string;
    sentAt: string | null;
  },
): Promise<void> {
  await db
    .insert(mlNotifications)
    .values({
      companyId: values.companyId,
      companyIntegrationId: values.integrationId,
      topic: values.topic,
      resource: values.resource,
      state: values.state,
      sentAt: values.sentAt,
    })
    .onConflictDoUpdate({
      target: [mlNotifications.companyIntegrationId, mlNotifications.resource],
      set: {
        state: values.state,
        topic: values.topic,
        sentAt: values.sentAt,
        attempts: sql`${mlNotifications.attempts} + 1`,
        receivedAt: utcNow,
      },
    });
}

/** Pending notifications of the integration, oldest first. */
export async function pendingMlNotifications(
  db: Db,
  integrationId: number,
  limit: number,
): Promise<{ id: number; topic: string; resource: string }[]> {
  return db
    .select({ id: mlNotifications.id, topic: mlNotifications.topic, resource: mlNotifications.resource })
    .from(mlNotifications)
    .where(and(eq(mlNotifications.companyIntegrationId, integrationId), eq(mlNotifications.state, "pending")))
    .orderBy(asc(mlNotifications.id))
    .limit(limit);
}

export async function markMlNotifications(db: Db, integrationId: number, ids: number[], state: string) {
  if (ids.length === 0) return;
  await db
    .update(mlNotifications)
    .set({ state })
    .where(and(eq(mlNotifications.companyIntegrationId, integrationId), inArray(mlNotifications.id, ids)));
}

/** Channel order ids of the integration's hub orders shipped by these shipments. */
export async function channelOrdersOfShipments(
  db: Db,
  integrationId: number,
  shipmentIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (shipmentIds.length === 0) return out;
  const rows = await db
    .select({ shippingId: hubOrders.shippingId, channelOrderId: hubOrders.channelOrderId })
    .from(hubOrders)
    .where(
      and(eq(hubOrders.companyIntegrationId, integrationId), inArray(hubOrders.shippingId, shipmentIds)),
    );
  for (const row of rows) {
    if (!row.shippingId) continue;
    out.set(row.shippingId, [...(out.get(row.shippingId) ?? []), row.channelOrderId]);
  }
  return out;
}

export async function insertMlOauthState(
  db: Db,
  values: {
    stateHash: string;
    companyId: number;
    integrationId: number;
    redirectUri: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.insert(mlOauthStates).values({
    stateHash: values.stateHash,
    companyId: values.companyId,
    companyIntegrationId: values.integrationId,
    redirectUri: values.redirectUri,
    expiresAt: values.expiresAt,
  });
}

/** Uses the state once: its integration and redirect URI, or undefined (unknown, used or expired). */
export async function consumeMlOauthState(
  db: Db,
  stateHash: string,
  now: string,
): Promise<{ companyId: number; integrationId: number; redirectUri: string } | undefined> {
  const rows = await db
    .update(mlOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(mlOauthStates.stateHash, stateHash),
        isNull(mlOauthStates.usedAt),
        gt(mlOauthStates.expiresAt, now),
      ),
    )
    .returning({
      companyId: mlOauthStates.companyId,
      integrationId: mlOauthStates.companyIntegrationId,
      redirectUri: mlOauthStates.redirectUri,
    });
  return rows[0];
}
