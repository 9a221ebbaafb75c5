import { carrierModalExists, findCarrierModal } from "../../db/registries/carrier-modals";
import { insertWhere } from "../../db/registries/scoped-rows";
import { listSupplierRows, type SupplierRow, supplierRows } from "../../db/registries/suppliers";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { getCompany } from "../company/company";
import { CARRIER_MODAL_NOT_FOUND, SUPPLIER_NOT_FOUND } from "./messages";
import { registry } from "./registry";

export type SupplierInput = {
  name?: string;
  document?: string | null;
  isCarrier?: number;
  carrierModalId?: number | null;
};

const suppliersRegistry = registry(supplierRows, SUPPLIER_NOT_FOUND);
export const { findAsList: findSupplierAsList, remove: deleteSupplier } = suppliersRegistry;
export const listSuppliers = listSupplierRows;

/** The modality only means something on a carrier: a supplier that is not a carrier keeps none. */
const modalityOf = (isCarrier: number, carrierModalId: number | null | undefined) =>
  isCarrier === 1 ? (carrierModalId ?? null) : null;

async function requireModal(db: Db, companyId: number, modalId: number) {
  if (!(await findCarrierModal(db, companyId, modalId))) throw badRequest(CARRIER_MODAL_NOT_FOUND);
}

export async function createSupplier(
  db: Db,
  companyId: number,
  input: SupplierInput & { name: string },
): Promise<SupplierRow> {
  await getCompany(db, companyId);
  const isCarrier = input.isCarrier ?? 0;
  const values = {
    name: input.name,
    document: input.document ?? null,
    isCarrier,
    carrierModalId: modalityOf(isCarrier, input.carrierModalId),
  };
  if (values.carrierModalId === null) return supplierRows.insert(db, companyId, values);
  await requireModal(db, companyId, values.carrierModalId);
  // Written only while the modality still exists: a concurrent delete of it cannot leave a dangling id.
  const row = await insertWhere(
    db,
    supplierRows.table,
    { ...values, companyId },
    carrierModalExists(db, companyId, values.carrierModalId),
  );
  if (!row) throw badRequest(CARRIER_MODAL_NOT_FOUND);
  return row;
}

/** Partial update; turning IsCarrier to 0 clears the modality. */
export async function changeSupplier(
  db: Db,
  companyId: number,
  id: number,
  input: SupplierInput,
): Promise<SupplierRow> {
  const current = await suppliersRegistry.get(db, companyId, id);
  const isCarrier = input.isCarrier ?? current.isCarrier;
  const carrierModalId = modalityOf(
    isCarrier,
    input.carrierModalId === undefined ? current.carrierModalId : input.carrierModalId,
  );
  const newModal = carrierModalId !== null && carrierModalId !== current.carrierModalId;
  if (newModal) await requireModal(db, companyId, carrierModalId);
  const row = await supplierRows.update(
    db,
    companyId,
    id,
    { name: input.name, document: input.document, isCarrier, carrierModalId },
    newModal ? carrierModalExists(db, companyId, carrierModalId) : undefined,
  );
  if (row) return row;
  if (!(await supplierRows.find(db, companyId, id))) throw badRequest(SUPPLIER_NOT_FOUND);
  throw badRequest(CARRIER_MODAL_NOT_FOUND);
}
