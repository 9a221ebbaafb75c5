import {
  type CompanyInvoiceRow,
  type CompanyInvoiceValues,
  companyInvoiceRows,
  updateCompanyInvoice,
} from "../../db/registries/company-invoices";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { isUf, UF_CODES } from "../company/fiscal-profile";
import { cityCodeOutOfUf } from "../company/messages";
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

function refuseCityOutOfUf(cityCode: string | null, uf: string | null): void {
  if (cityCode === null || uf === null || !isUf(uf) || cityCode.startsWith(UF_CODES[uf])) return;
  throw badRequest(cityCodeOutOfUf(cityCode, uf, UF_CODES[uf]));
}

export async function createCompanyInvoice(
  db: Db,
  companyId: number,
  values: CompanyInvoiceValues,
): Promise<CompanyInvoiceRow> {
  refuseCityOutOfUf(values.cityCode ?? null, values.uf ?? null);
  return invoices.create(db, companyId, values);
}

/** How many times a change is checked again when a concurrent change moved the address meanwhile. */
const ADDRESS_ATTEMPTS = 3;

/** Partial update: only the fields sent change; the municipality is checked against the UF it will have. */
export async function changeCompanyInvoice(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<CompanyInvoiceValues>,
): Promise<CompanyInvoiceRow> {
  for (let attempt = 0; attempt < ADDRESS_ATTEMPTS; attempt++) {
    const stored = await invoices.get(db, companyId, id);
    refuseCityOutOfUf(
      changes.cityCode === undefined ? stored.cityCode : changes.cityCode,
      changes.uf === undefined ? stored.uf : changes.uf,
    );
    const row = await updateCompanyInvoice(db, companyId, id, changes, stored);
    if (row) return row;
  }
  throw badRequest(COMPANY_INVOICE_CHANGED);
}
