import {
  accountTypeRows,
  companyIntegrationRows,
  costCenterRows,
  documentTypeRows,
  paymentTypeRows,
} from "../../db/registries/simple-registries";
import {
  ACCOUNT_TYPE_NOT_FOUND,
  COST_CENTER_NOT_FOUND,
  DOCUMENT_TYPE_NOT_FOUND,
  INTEGRATION_NOT_FOUND,
  PAYMENT_TYPE_NOT_FOUND,
} from "./messages";
import { registry } from "./registry";

export const companyIntegrationRegistry = registry(companyIntegrationRows, INTEGRATION_NOT_FOUND);
export const accountTypeRegistry = registry(accountTypeRows, ACCOUNT_TYPE_NOT_FOUND);
export const documentTypeRegistry = registry(documentTypeRows, DOCUMENT_TYPE_NOT_FOUND);
export const paymentTypeRegistry = registry(paymentTypeRows, PAYMENT_TYPE_NOT_FOUND);
export const costCenterRegistry = registry(costCenterRows, COST_CENTER_NOT_FOUND);
