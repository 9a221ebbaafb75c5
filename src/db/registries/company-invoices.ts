import { companyInvoices } from "../../../drizzle/schema";
import type { Db } from "../../env";
import { stillAddress } from "./fiscal-address";
import { scopedRows, type WritableValues } from "./scoped-rows";

/** Invoicing companies ("faturadores") with their fiscal profile. */
export const companyInvoiceRows = scopedRows(companyInvoices);

export type CompanyInvoiceRow = typeof companyInvoices.$inferSelect;
export type CompanyInvoiceValues = WritableValues<typeof companyInvoices>;

/**
 * Sets the given columns only while the stored address still has `expected` municipality and UF (the
 * pair the change was checked against), so two concurrent changes, one of each, cannot leave a
 * municipality outside its UF. Undefined when the row is not visible or the pair changed meanwhile.
 */
export const updateCompanyInvoice = (
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<CompanyInvoiceValues>,
  expected: { cityCode: string | null; uf: string | null },
) => companyInvoiceRows.update(db, companyId, id, changes, stillAddress(companyInvoices, expected));
