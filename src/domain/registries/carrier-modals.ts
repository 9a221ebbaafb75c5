import {
  type CarrierModalRow,
  carrierModalUsage,
  deleteUnusedCarrierModal,
  findCarrierModal,
  findCarrierModalByKey,
  insertCarrierModal,
  listCarrierModals,
  renameCarrierModal,
} from "../../db/registries/carrier-modals";
import type { Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { getCompany } from "../company/company";
import {
  CARRIER_MODAL_DUPLICATE,
  CARRIER_MODAL_IN_HUB_MAPPING,
  CARRIER_MODAL_NOT_FOUND,
  CARRIER_MODAL_USED_BY_CARRIER,
} from "./messages";
import { nameKey } from "./name-key";

/** Every operation on modalities answers the company's refreshed list (SPEC: Carrier modalities). */
export const listModals = (db: Db, companyId: number, onlyId?: number): Promise<CarrierModalRow[]> =>
  listCarrierModals(db, companyId, onlyId);

/** The name must be free in the company; the unique index on the name key settles concurrent creates. */
async function refuseTakenName(db: Db, companyId: number, key: string, ownId?: number) {
  const holder = await findCarrierModalByKey(db, companyId, key);
  if (holder && holder.id !== ownId) throw badRequest(CARRIER_MODAL_DUPLICATE);
}

export async function createModal(db: Db, companyId: number, name: string): Promise<CarrierModalRow[]> {
  await getCompany(db, companyId);
  const key = nameKey(name);
  await refuseTakenName(db, companyId, key);
  await refuseOnConflict(() => insertCarrierModal(db, companyId, name, key), CARRIER_MODAL_DUPLICATE);
  return listModals(db, companyId);
}

export async function renameModal(
  db: Db,
  companyId: number,
  id: number,
  name: string,
): Promise<CarrierModalRow[]> {
  if (!(await findCarrierModal(db, companyId, id))) throw badRequest(CARRIER_MODAL_NOT_FOUND);
  const key = nameKey(name);
  await refuseTakenName(db, companyId, key, id);
  const renamed = await refuseOnConflict(
    () => renameCarrierModal(db, companyId, id, name, key),
    CARRIER_MODAL_DUPLICATE,
  );
  if (!renamed) throw badRequest(CARRIER_MODAL_NOT_FOUND);
  return listModals(db, companyId);
}

/** Physical delete, refused while a carrier supplier or a hub mapping uses the modality. */
export async function deleteModal(db: Db, companyId: number, id: number): Promise<CarrierModalRow[]> {
  // The delete re-checks the usage itself; the second pass covers a usage removed in between.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await deleteUnusedCarrierModal(db, companyId, id)) return listModals(db, companyId);
    const usage = await carrierModalUsage(db, companyId, id);
    if (!usage) throw badRequest(CARRIER_MODAL_NOT_FOUND);
    if (usage.byCarrier) throw badRequest(CARRIER_MODAL_USED_BY_CARRIER);
    if (usage.byHubMapping) throw badRequest(CARRIER_MODAL_IN_HUB_MAPPING);
  }
  throw badRequest(CARRIER_MODAL_NOT_FOUND);
}
