import {
  type CarrierHubMappingRow,
  carrierHubMappingRows,
  mappingReferencesExist,
} from "../../db/registries/carrier-hub-mappings";
import { findCarrierModal } from "../../db/registries/carrier-modals";
import { insertWhere } from "../../db/registries/scoped-rows";
import { supplierRows } from "../../db/registries/suppliers";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";
import {
  CARRIER_MODAL_NOT_FOUND,
  HUB_MAPPING_NOT_FOUND,
  SUPPLIER_NOT_CARRIER,
  SUPPLIER_NOT_FOUND,
} from "./messages";
import { registry } from "./registry";

export type MappingInput = {
  hubCarrierName?: string;
  supplierId?: number | null;
  carrierModalId?: number | null;
};

type References = { supplierId: number | null; carrierModalId: number | null };

const mappingsRegistry = registry(carrierHubMappingRows, HUB_MAPPING_NOT_FOUND);
export const {
  list: listHubMappings,
  findAsList: findHubMappingAsList,
  remove: deleteHubMapping,
} = mappingsRegistry;

/** The supplier must be an active carrier of the company, the modality one of its modalities. */
async function requireReferences(db: Db, companyId: number, refs: References) {
  if (refs.supplierId !== null) {
    const supplier = await supplierRows.find(db, companyId, refs.supplierId);
    if (!supplier) throw badRequest(SUPPLIER_NOT_FOUND);
    if (supplier.isCarrier !== 1) throw badRequest(SUPPLIER_NOT_CARRIER);
  }
  if (refs.carrierModalId !== null && !(await findCarrierModal(db, companyId, refs.carrierModalId))) {
    throw badRequest(CARRIER_MODAL_NOT_FOUND);
  }
}

export async function createHubMapping(
  db: Db,
  companyId: number,
  input: MappingInput & { hubCarrierName: string },
): Promise<CarrierHubMappingRow> {
  await getCompany(db, companyId);
  const values = {
    hubCarrierName: input.hubCarrierName,
    supplierId: input.supplierId ?? null,
    carrierModalId: input.carrierModalId ?? null,
  };
  await requireReferences(db, companyId, values);
  const guard = mappingReferencesExist(db, companyId, values);
  if (!guard) return carrierHubMappingRows.insert(db, companyId, values);
  // Written only while both references still exist (a modality in use by a mapping cannot be deleted).
  const row = await insertWhere(db, carrierHubMappingRows.table, { ...values, companyId }, guard);
  if (row) return row;
  await requireReferences(db, companyId, values);
  throw badRequest(HUB_MAPPING_NOT_FOUND);
}

export async function changeHubMapping(
  db: Db,
  companyId: number,
  id: number,
  input: MappingInput,
): Promise<CarrierHubMappingRow> {
  const current = await mappingsRegistry.get(db, companyId, id);
  const resolve = (sent: number | null | undefined, stored: number | null) =>
    sent === undefined ? stored : sent;
  const refs = {
    supplierId: resolve(input.supplierId, current.supplierId),
    carrierModalId: resolve(input.carrierModalId, current.carrierModalId),
  };
  const changed = {
    supplierId: refs.supplierId === current.supplierId ? null : refs.supplierId,
    carrierModalId: refs.carrierModalId === current.carrierModalId ? null : refs.carrierModalId,
  };
  await requireReferences(db, companyId, changed);
  const row = await carrierHubMappingRows.update(
    db,
    companyId,
    id,
    { hubCarrierName: input.hubCarrierName, ...refs },
    mappingReferencesExist(db, companyId, changed),
  );
  if (row) return row;
  await mappingsRegistry.get(db, companyId, id);
  await requireReferences(db, companyId, changed);
  throw badRequest(HUB_MAPPING_NOT_FOUND);
}
