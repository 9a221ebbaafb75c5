import { cstIbsCbsExists, cstIbsCbsRows, type TaxProfileRow, taxProfileRows } from "../../db/orders/registry";
import type { Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { CST_IBS_CBS_NOT_FOUND, TAX_PROFILE_CODE_DUPLICATE, TAX_PROFILE_NOT_FOUND } from "./messages";
import type { TaxRates } from "./taxes";

/** A tax profile: the code SKUs name in `TaxProfile`, a description, CSTs and rates (hundredths of a percent). */
export type TaxProfileInput = TaxRates & { code: string; description: string };

export const listTaxProfiles = (db: Db, companyId: number, page: number) =>
  taxProfileRows.list(db, companyId, { page });

export const listCstIbsCbs = (db: Db) => cstIbsCbsRows(db);

async function assertCst(db: Db, id: number | undefined) {
  if (id !== undefined && !(await cstIbsCbsExists(db, id))) throw badRequest(CST_IBS_CBS_NOT_FOUND);
}

export async function createTaxProfile(
  db: Db,
  companyId: number,
  input: TaxProfileInput,
): Promise<TaxProfileRow> {
  await assertCst(db, input.cstIbsCbsId);
  return refuseOnConflict(() => taxProfileRows.insert(db, companyId, input), TAX_PROFILE_CODE_DUPLICATE);
}

/** Changes the fields sent; orders already written keep the taxes they were computed with. */
export async function changeTaxProfile(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<TaxProfileInput>,
): Promise<TaxProfileRow> {
  if (!(await taxProfileRows.find(db, companyId, id))) throw badRequest(TAX_PROFILE_NOT_FOUND);
  await assertCst(db, changes.cstIbsCbsId);
  const row = await refuseOnConflict(
    () => taxProfileRows.update(db, companyId, id, changes),
    TAX_PROFILE_CODE_DUPLICATE,
  );
  if (!row) throw badRequest(TAX_PROFILE_NOT_FOUND);
  return row;
}

export async function getTaxProfile(db: Db, companyId: number, id: number): Promise<TaxProfileRow[]> {
  const row = await taxProfileRows.find(db, companyId, id);
  return row ? [row] : [];
}
