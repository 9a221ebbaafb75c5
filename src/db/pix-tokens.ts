/**
 * The PSP's access token of a Pix integration, kept on its `pix_integrations` row (sealed) and
 * shared by every request and job, with the lease that lets one caller at a time renew it. Each
 * statement is conditional, so concurrent callers agree: one takes the lease, a save lands only on
 * the settings the token was asked with, a drop forgets only the token it names.
 */
import { and, eq, isNull, lte, not, or, sql } from "drizzle-orm";
import { pixIntegrations } from "../../drizzle/schema";
import type { Db } from "../env";

/** The integration's row, and the PSP settings the token belongs to (a changed setting voids it). */
export type PixTokenKey = {
  companyId: number;
  integrationId: number;
  baseUrl: string | null;
  credentials: string | null;
  mtlsCertificate: string | null;
};

const rowOf = (key: PixTokenKey) =>
  and(
    eq(pixIntegrations.companyId, key.companyId),
    eq(pixIntegrations.companyIntegrationId, key.integrationId),
  );

const sameSettings = (key: PixTokenKey) =>
  and(
    sql`${pixIntegrations.baseUrl} IS ${key.baseUrl}`,
    sql`${pixIntegrations.credentials} IS ${key.credentials}`,
    sql`${pixIntegrations.mtlsCertificate} IS ${key.mtlsCertificate}`,
  );

/** The sealed token and when to renew it, when the row still has the key's settings. */
export async function readPixToken(
  db: Db,
  key: PixTokenKey,
): Promise<{ sealed: string; renewAt: number } | undefined> {
  const row = await db
    .select({ sealed: pixIntegrations.accessToken, renewAt: pixIntegrations.accessTokenRenewAt })
    .from(pixIntegrations)
    .where(and(rowOf(key), sameSettings(key)))
    .get();
  return row?.sealed && row.renewAt !== null ? { sealed: row.sealed, renewAt: row.renewAt } : undefined;
}

/**
 * Takes the renewal lease until `until`: no other lease running and no token valid at `now` for these
 * settings (a token of other settings, or one that does not decrypt, is no token).
 */
export async function leasePixToken(db: Db, key: PixTokenKey, now: number, until: number): Promise<boolean> {
  const rows = await db
    .update(pixIntegrations)
    .set({ tokenLeaseUntil: until })
    .where(
      and(
        rowOf(key),
        or(isNull(pixIntegrations.tokenLeaseUntil), lte(pixIntegrations.tokenLeaseUntil, now)),
        or(
          isNull(pixIntegrations.accessToken),
          lte(pixIntegrations.accessTokenRenewAt, now),
          not(sameSettings(key)!),
        ),
      ),
    )
    .returning({ id: pixIntegrations.companyIntegrationId });
  return rows.length > 0;
}

/** Stores a fresh sealed token and frees the lease, unless the settings changed meanwhile. */
export async function savePixToken(
  db: Db,
  key: PixTokenKey,
  token: { sealed: string; renewAt: number },
): Promise<void> {
  await db
    .update(pixIntegrations)
    .set({ accessToken: token.sealed, accessTokenRenewAt: token.renewAt, tokenLeaseUntil: null })
    .where(and(rowOf(key), sameSettings(key)))
    .run();
}

/** Frees the lease `until` (the renewal failed) unless another caller holds a later one. */
export async function releasePixTokenLease(db: Db, key: PixTokenKey, until: number): Promise<void> {
  await db
    .update(pixIntegrations)
    .set({ tokenLeaseUntil: null })
    .where(and(rowOf(key), eq(pixIntegrations.tokenLeaseUntil, until)))
    .run();
}

/** Forgets the stored token when it is still the sealed one given (the PSP refused it). */
export async function dropPixToken(db: Db, key: PixTokenKey, sealed: string): Promise<void> {
  await db
    .update(pixIntegrations)
    .set({ accessToken: null, accessTokenRenewAt: null })
    .where(and(rowOf(key), eq(pixIntegrations.accessToken, sealed)))
    .run();
}
