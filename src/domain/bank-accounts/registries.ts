import {
  type BankAccountValues,
  companyInvoiceExists,
  findOrderType,
  integrationKind,
} from "../../db/bank-accounts";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import {
  COMPANY_INVOICE_NOT_FOUND,
  INTEGRATION_NOT_FOUND,
  ORDER_TYPE_NOT_ENABLED_FOR_INVOICE,
  ORDER_TYPE_NOT_ENABLED_FOR_POS,
  ORDER_TYPE_NOT_FOUND,
  PIX_INTEGRATION_NOT_FOUND,
} from "./messages";

export const PIX_KIND = "PIX";

const isPix = (kind: string) => kind.trim().toUpperCase() === PIX_KIND;

type RegistryRefs = Pick<
  BankAccountValues,
  "companyInvoiceId" | "companyIntegrationId" | "companyIntegrationPixId" | "orderTypeId"
>;

/**
 * Validates the registry ids of an account in the spec's order (SPEC: POST rule 2). The bank
 * integration must be a non-Pix integration and the Pix integration a Pix one. An order type must
 * be enabled for the POS and, when the account has an invoicing company, list it among its companies.
 */
export async function checkRegistries(db: Db, companyId: number, refs: RegistryRefs): Promise<void> {
  if (refs.companyInvoiceId !== null && !(await companyInvoiceExists(db, companyId, refs.companyInvoiceId))) {
    throw badRequest(COMPANY_INVOICE_NOT_FOUND);
  }
  if (refs.companyIntegrationId !== null) {
    const kind = await integrationKind(db, companyId, refs.companyIntegrationId);
    if (kind === null || isPix(kind)) throw badRequest(INTEGRATION_NOT_FOUND);
  }
  if (refs.companyIntegrationPixId !== null) {
    const kind = await integrationKind(db, companyId, refs.companyIntegrationPixId);
    if (kind === null || !isPix(kind)) throw badRequest(PIX_INTEGRATION_NOT_FOUND);
  }
  if (refs.orderTypeId !== null) {
    const orderType = await findOrderType(db, companyId, refs.orderTypeId);
    if (!orderType) throw badRequest(ORDER_TYPE_NOT_FOUND);
    if (!orderType.enabledPos) throw badRequest(ORDER_TYPE_NOT_ENABLED_FOR_POS);
    if (refs.companyInvoiceId !== null && !orderType.companyInvoiceIds.includes(refs.companyInvoiceId)) {
      throw badRequest(ORDER_TYPE_NOT_ENABLED_FOR_INVOICE);
    }
  }
}
