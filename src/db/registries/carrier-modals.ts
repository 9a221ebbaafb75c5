import { and, asc, eq, exists, not, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { carrierHubMappings, carrierModals, suppliers } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { PAGE_SIZE } from "../sql";
import { ACTIVE } from "./scoped-rows";

export type CarrierModalRow = typeof carrierModals.$inferSelect;

const ofCompany = (companyId: number, id: number) =>
  and(eq(carrierModals.companyId, companyId), eq(carrierModals.id, id));

/** An active carrier supplier of the company uses the modality. */
export const carrierUsesModal = (db: Db, companyId: number, modalId: SQLiteColumn | number) =>
  exists(
    db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.companyId, companyId),
          eq(suppliers.carrierModalId, modalId),
          eq(suppliers.isCarrier, 1),
          eq(suppliers.status, ACTIVE),
        ),
      ),
  );

/** An active hub carrier mapping ("de/para") of the company points to the modality. */
export const hubMappingUsesModal = (db: Db, companyId: number, modalId: SQLiteColumn | number) =>
  exists(
    db
      .select({ id: carrierHubMappings.id })
      .from(carrierHubMappings)
      .where(
        and(
          eq(carrierHubMappings.companyId, companyId),
          eq(carrierHubMappings.carrierModalId, modalId),
          eq(carrierHubMappings.status, ACTIVE),
        ),
      ),
  );

/** The modality exists in the company (condition for writes that reference it). */
export const carrierModalExists = (db: Db, companyId: number, modalId: number) =>
  exists(db.select({ id: carrierModals.id }).from(carrierModals).where(ofCompany(companyId, modalId)));

/** The company's modalities ordered by name (accent- and case-insensitively), or just `onlyId`. */
export async function listCarrierModals(
  db: Db,
  companyId: number,
  onlyId?: number,
): Promise<CarrierModalRow[]> {
  const where = onlyId === undefined ? eq(carrierModals.companyId, companyId) : ofCompany(companyId, onlyId);
  return db
    .select()
    .from(carrierModals)
    .where(where)
    .orderBy(asc(carrierModals.nameKey), asc(carrierModals.id))
    .limit(PAGE_SIZE);
}

export async function findCarrierModal(db: Db, companyId: number, id: number) {
  return db.select().from(carrierModals).where(ofCompany(companyId, id)).get();
}

/** Id of the company's modality with this name key, if any. */
export async function findCarrierModalByKey(db: Db, companyId: number, key: string) {
  return db
    .select({ id: carrierModals.id })
    .from(carrierModals)
    .where(and(eq(carrierModals.companyId, companyId), eq(carrierModals.nameKey, key)))
    .get();
}

/** Fails with a UNIQUE violation when the name key is taken (concurrent duplicates included). */
export async function insertCarrierModal(db: Db, companyId: number, name: string, key: string) {
  await db.insert(carrierModals).values({ companyId, name, nameKey: key });
}

/** Renames; false when the modality is not of the company. Fails with a UNIQUE violation on a taken key. */
export async function renameCarrierModal(
  db: Db,
  companyId: number,
  id: number,
  name: string,
  key: string,
): Promise<boolean> {
  const rows = await db
    .update(carrierModals)
    .set({ name, nameKey: key })
    .where(ofCompany(companyId, id))
    .returning({ id: carrierModals.id });
  return rows.length > 0;
}

/**
 * Deletes the modality physically unless a carrier or a hub mapping uses it, in one statement so a
 * carrier saved concurrently with the modality can never be left pointing at nothing.
 */
export async function deleteUnusedCarrierModal(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(carrierModals)
    .where(
      and(
        ofCompany(companyId, id),
        not(carrierUsesModal(db, companyId, carrierModals.id)),
        not(hubMappingUsesModal(db, companyId, carrierModals.id)),
      ),
    )
    .returning({ id: carrierModals.id });
  return rows.length > 0;
}

/** What uses the modality (why it cannot be deleted); undefined when it is not of the company. */
export async function carrierModalUsage(db: Db, companyId: number, id: number) {
  const row = await db
    .select({
      byCarrier: sql<number>`${carrierUsesModal(db, companyId, carrierModals.id)}`,
      byHubMapping: sql<number>`${hubMappingUsesModal(db, companyId, carrierModals.id)}`,
    })
    .from(carrierModals)
    .where(ofCompany(companyId, id))
    .get();
  return row && { byCarrier: row.byCarrier === 1, byHubMapping: row.byHubMapping === 1 };
}
