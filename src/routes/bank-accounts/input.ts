import type { z } from "@hono/zod-openapi";
import type { BankAccountInput } from "../../domain/bank-accounts/fields";
import type { BankAccountCreateSchema } from "./schemas";

/** Body fields under their domain names; `undefined` stays "not sent". */
export function bankAccountInput(body: z.infer<typeof BankAccountCreateSchema>): BankAccountInput {
  return {
    bank: body.Bank,
    bankNumber: body.BankNumber,
    agency: body.Agency,
    accountNumber: body.AccountNumber,
    mainIncome: body.MainIncome,
    mainPayment: body.MainPayment,
    companyInvoiceId: body.IDCompanyInvoice,
    companyIntegrationId: body.IDCompanyIntegration,
    companyIntegrationPixId: body.IDCompanyIntegrationPix,
    orderTypeId: body.IDTypeOrder,
    tefTerminal: body.TefTerminal,
  };
}
