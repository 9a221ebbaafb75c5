import { type CompanyRow, findCompany, updateCompany } from "../../db/identity";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { COMPANY_NOT_FOUND } from "./messages";

/** Fields of the company that `PUT /company` may not set to null (SPEC: change notes). */
export const NON_NULL_SEFAZ_FIELDS = [
  "SefazAmbienteNF",
  "SefazAmbienteNFC",
  "SefazAmbienteServiceInvoice",
] as const;

export type CompanyChanges = {
  name?: string;
  document?: string | null;
  timeZone?: string;
  sefazAmbienteNf?: number;
  sefazAmbienteNfc?: number;
  sefazAmbienteServiceInvoice?: number;
};

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export async function getCompany(db: Db, companyId: number): Promise<CompanyRow> {
  const company = await findCompany(db, companyId);
  if (!company) throw badRequest(COMPANY_NOT_FOUND);
  return company;
}

export async function changeCompany(db: Db, companyId: number, changes: CompanyChanges): Promise<CompanyRow> {
  await getCompany(db, companyId);
  if (changes.timeZone !== undefined && !isTimeZone(changes.timeZone)) {
    throw badRequest(`TimeZone inválido: ${changes.timeZone}`);
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) {
    await updateCompany(db, companyId, {
      ...defined,
      updatedAt: new Date().toISOString().slice(0, 19).replace("T", " "),
    });
  }
  return getCompany(db, companyId);
}
