import {
  accountTypes,
  companyIntegrations,
  costCenters,
  documentTypes,
  paymentTypes,
} from "../../../drizzle/schema";
import { scopedRows } from "./scoped-rows";

/** Registries with no rule beyond company scope and soft delete. */
export const companyIntegrationRows = scopedRows(companyIntegrations);
export const accountTypeRows = scopedRows(accountTypes);
export const documentTypeRows = scopedRows(documentTypes);
export const paymentTypeRows = scopedRows(paymentTypes);
export const costCenterRows = scopedRows(costCenters);

export type CompanyIntegrationRow = typeof companyIntegrations.$inferSelect;
export type AccountTypeRow = typeof accountTypes.$inferSelect;
