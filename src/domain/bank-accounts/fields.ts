import type { BankAccountValues } from "../../db/bank-accounts";
import { badRequest } from "../../lib/errors";

/** The client-set fields of an account under their API names (list items, history records). */
export function apiFields(account: BankAccountValues) {
  return {
    Bank: account.bank,
    BankNumber: account.bankNumber,
    Agency: account.agency,
    AccountNumber: account.accountNumber,
    MainIncome: account.mainIncome,
    MainPayment: account.mainPayment,
    IDCompanyInvoice: account.companyInvoiceId,
    IDCompanyIntegration: account.companyIntegrationId,
    IDCompanyIntegrationPix: account.companyIntegrationPixId,
    IDTypeOrder: account.orderTypeId,
    TefTerminal: account.tefTerminal,
  };
}

/** Input of create and update: `undefined` = not sent. */
export type BankAccountInput = {
  bank?: string | null;
  bankNumber?: string | null;
  agency?: string | null;
  accountNumber?: string | null;
  mainIncome?: 0 | 1;
  mainPayment?: 0 | 1;
  companyInvoiceId?: number | null;
  companyIntegrationId?: number | null;
  companyIntegrationPixId?: number | null;
  orderTypeId?: number | null;
  tefTerminal?: string | null;
};

/** The five fields PUT always rewrites (SPEC: not sent = cleared); POST sets them the same way. */
export function alwaysRewrittenFields(input: BankAccountInput) {
  return {
    companyInvoiceId: input.companyInvoiceId ?? null,
    companyIntegrationId: input.companyIntegrationId ?? null,
    companyIntegrationPixId: input.companyIntegrationPixId ?? null,
    orderTypeId: input.orderTypeId ?? null,
    tefTerminal: input.tefTerminal ?? null,
  };
}

/** Text that must not be blank; answers it trimmed. */
export function requiredText(value: string | null | undefined, message: string): string {
  const trimmed = value?.trim() ?? "";
  if (!trimmed) throw badRequest(message);
  return trimmed;
}
