import { and } from "drizzle-orm";
import { carrierHubMappings } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { carrierModalExists } from "./carrier-modals";
import { scopedRows } from "./scoped-rows";
import { activeCarrierExists } from "./suppliers";

export type CarrierHubMappingRow = typeof carrierHubMappings.$inferSelect;
export const carrierHubMappingRows = scopedRows(carrierHubMappings);

/** Condition that the given carrier and modality (those not null) still exist at write time. */
export function mappingReferencesExist(
  db: Db,
  companyId: number,
  refs: { supplierId: number | null; carrierModalId: number | null },
) {
  const conditions = [
    refs.supplierId === null ? undefined : activeCarrierExists(db, companyId, refs.supplierId),
    refs.carrierModalId === null ? undefined : carrierModalExists(db, companyId, refs.carrierModalId),
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}
