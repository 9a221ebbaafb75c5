import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  companyIntegrations,
  hubIntegrations,
  hubOrders,
  jobs,
  mlConnections,
  mlNotifications,
  mlOauthStates,
} from "../../../drizzle/schema";
import type { Db } from "../../env";
import { rawStatement } from "../raw-statement";
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

/**
 * The active integration a notification names (the app's client id and the seller's user id),
 * across companies: the first by id when several match. A table expression for the statements of
 * `storeMlNotification`, each of which finds it again inside the same batch.
 */
function notifiedIntegration(clientId: string, sellerId: string) {
  return sql`WITH notified AS (
    SELECT c.company_id, c.company_integration_id FROM ${mlConnections} c
    JOIN ${companyIntegrations} i ON i.id = c.company_integration_id AND i.company_id = c.company_id AND i.status = 1
    WHERE c.client_id = ${clientId} AND c.seller_id = ${sellerId}
    ORDER BY c.company_integration_id LIMIT 1)`;
}

/**
 * The pull job a notification asks for, inserted in the notification's batch under the integration
 * that batch finds: the row `notifiedPull` (src/domain/hub/pull.ts) describes, of which this module
 * only puts in the company and the integration's id (`params` `{"<paramsKey>":<integration>}`,
 * `fileHash` `<fileHash.before><integration><fileHash.after>`).
 */
export type NotifiedPull = {
  route: string;
  type: string;
  paramsKey: string;
  fileKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  fileHash: { before: string; after: string };
};

/** The pull job of a stored notification: new (`created`), or the one already holding its key. */
export type NotifiedPullJob = { id: number; created: boolean; status: string; createdAt: string };

export type StoredMlNotification = {
  companyId: number;
  integrationId: number;
  /** Null when no pull was asked. */
  pull: NotifiedPullJob | null;
};

/**
 * A notification in one batch, one D1 call: stored once per resource under the active integration
 * of (app, seller) (a repeated one is set `state` again and counted), and with `pull`, that
 * integration's pull job (the row `pull` describes) inserted unless one holds its key, then read
 * (id, status, creation). Undefined when no active integration matches: nothing is written.
 */
export async function storeMlNotification(
  db: Db,
  notification: {
    clientId: string;
    sellerId: string;
    topic: string;
    resource: string;
    state: string;
    sentAt: string | null;
  },
  pull: NotifiedPull | null,
): Promise<StoredMlNotification | undefined> {
  const notified = notifiedIntegration(notification.clientId, notification.sellerId);
  const stored = rawStatement(
    db,
    sql`${notified}
    INSERT INTO ${mlNotifications} (company_id, company_integration_id, topic, resource, state, sent_at)
    SELECT company_id, company_integration_id, ${notification.topic}, ${notification.resource},
      ${notification.state}, ${notification.sentAt} FROM notified WHERE true
    ON CONFLICT (company_integration_id, resource) DO UPDATE SET
      state = excluded.state, topic = excluded.topic, sent_at = excluded.sent_at,
      attempts = attempts + 1, received_at = ${utcNow}
    RETURNING company_id AS companyId, company_integration_id AS integrationId`,
  );
  if (!pull) {
    const [rows] = await db.batch([stored]);
    const found = (rows as D1Result<{ companyId: number; integrationId: number }>).results?.[0];
    return found && { ...found, pull: null };
  }
  const hash = sql`${pull.fileHash.before} || notified.company_integration_id || ${pull.fileHash.after}`;
  const [rows, , inserted, job] = await db.batch([
    stored,
    // a job that ended without starting (dead-lettered, failed before its first step) gives up the key
    rawStatement(
      db,
      sql`${notified}
      UPDATE ${jobs} SET file_hash = file_hash || ':' || id
      WHERE company_id = (SELECT company_id FROM notified) AND route = ${pull.route}
        AND file_hash = (SELECT ${hash} FROM notified) AND status IN ('Done', 'Failed')`,
    ),
    rawStatement(
      db,
      sql`${notified}
      INSERT INTO ${jobs} (company_id, route, type, params, file_key, file_name, content_type, size_bytes, file_hash)
      SELECT company_id, ${pull.route}, ${pull.type}, json_object(${pull.paramsKey}, company_integration_id),
        ${pull.fileKey}, ${pull.fileName}, ${pull.contentType}, ${pull.sizeBytes}, ${hash} FROM notified WHERE true
      ON CONFLICT DO NOTHING
      RETURNING id`,
    ),
    rawStatement(
      db,
      sql`${notified}
      SELECT j.id, j.status, j.created_at AS createdAt FROM ${jobs} j JOIN notified
        ON j.company_id = notified.company_id AND j.route = ${pull.route} AND j.file_hash = ${hash}`,
    ),
  ]);
  const found = (rows as D1Result<{ companyId: number; integrationId: number }>).results?.[0];
  if (!found) return undefined;
  const row = (job as D1Result<{ id: number; status: string; createdAt: string }>).results?.[0];
  if (!row) throw new Error("notified pull job neither inserted nor found");
  const created = ((inserted as D1Result<{ id: number }>).results ?? []).length === 1;
  return { ...found, pull: { ...row, created } };
}

/**
 * The notified pull gives up its waiting key (`<key>:<job id>`): one statement, a no-op when the job
 * does not hold it any more.
 */
export async function releaseNotifiedPullKey(db: Db, jobId: number, key: string): Promise<void> {
  await db
    .update(jobs)
    .set({ fileHash: sql`${jobs.fileHash} || ':' || ${jobs.id}` })
    .where(and(eq(jobs.id, jobId), eq(jobs.fileHash, key)));
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
