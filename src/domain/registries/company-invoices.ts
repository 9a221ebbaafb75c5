import {
  type CompanyInvoiceRow,
  type CompanyInvoiceValues,
  companyInvoiceRows,
  updateCompanyInvoice,
} from "../../db/registries/company-invoices";
import type { Db } from "../../env";
import { changeWithinUf, refuseCityOutOfUf } from "./fiscal-address";
import { COMPANY_INVOICE_CHANGED, COMPANY_INVOICE_NOT_FOUND } from "./messages";
import { registry } from "./registry";

/**
 * Invoicing companies ("faturadores"): the conventional registry, plus the one rule between fields of
 * the fiscal profile: the municipality (`CityCode`) lies in the UF (`UF`).
 */
const invoices = registry(companyInvoiceRows, COMPANY_INVOICE_NOT_FOUND);

export const listCompanyInvoices = invoices.list;
export const findCompanyInvoiceAsList = invoices.findAsList;
export const deleteCompanyInvoice = invoices.remove;

export async function createCompanyInvoice(
  db: Db,
  companyId: number,
  values: CompanyInvoiceValues,
): Promise<CompanyInvoiceRow> {
  refuseCityOutOfUf(values.cityCode ?? null, values.uf ?? null);
  return invoices.create(db, companyId, values);
}

/** Partial update: only the fields sent change; the municipality is checked against the UF it will have. */
export const changeCompanyInvoice = (
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<CompanyInvoiceValues>,
): Promise<CompanyInvoiceRow> =>
  changeWithinUf(
    changes,
    () => invoices.get(db, companyId, id),
    (expected) => updateCompanyInvoice(db, companyId, id, changes, expected),
    COMPANY_INVOICE_CHANGED,
  );
