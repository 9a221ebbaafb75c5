import { eq, exists } from "drizzle-orm";
import { suppliers } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { eqIf } from "../sql";
import { scopedRows } from "./scoped-rows";

export type SupplierRow = typeof suppliers.$inferSelect;
export const supplierRows = scopedRows(suppliers);

/** The supplier is an active carrier (IsCarrier 1) of the company: condition of writes that reference it. */
export const activeCarrierExists = (db: Db, companyId: number, supplierId: number) =>
  exists(
    db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(supplierRows.visible(companyId, eq(suppliers.id, supplierId), eq(suppliers.isCarrier, 1))),
  );

/** Active suppliers of the company, optionally only carriers (1) or only non-carriers (0). */
export const listSupplierRows = (db: Db, companyId: number, filter: { page: number; isCarrier?: number }) =>
  supplierRows.list(db, companyId, {
    page: filter.page,
    where: eqIf(suppliers.isCarrier, filter.isCarrier),
  });
