import { createRoute, z } from "@hono/zod-openapi";
import { changeBankAccount } from "../../domain/bank-accounts/change";
import { listBankAccounts } from "../../domain/bank-accounts/list";
import { ADJUSTMENT_DOCUMENT } from "../../domain/bank-accounts/messages";
import { COMPANY_NOT_FOUND } from "../../domain/company/messages";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonBody, jsonOk } from "../../http/schemas";
import {
  BankAccountListSchema,
  BankAccountUpdateSchema,
  bankAccountBody,
  bankAccountInput,
  TAG,
} from "./schemas";

export const updateBankAccountRoute = createRoute({
  method: "put",
  path: "/accounts/bank-account/{idbankaccount}",
  operationId: "updateBankAccount",
  tags: [TAG],
  summary: "Altera o cadastro de uma conta bancária ou ajusta seu saldo inicial",
  description:
    "Modo cadastro (padrão): IDCompanyInvoice, IDCompanyIntegration, IDCompanyIntegrationPix, IDTypeOrder e " +
    "TefTerminal são sempre regravados (omitir limpa o valor); os demais campos só mudam quando enviados; " +
    "mesma regra de conta principal da criação; mudar o código de uma conta `000` com caixa (PDV) aberto é " +
    "recusado. Modo ajuste (InitialBalance e InitialBalanceDate enviados juntos; campos de cadastro " +
    "ignorados): compara o saldo desejado com o saldo até o dia anterior a InitialBalanceDate e lança a " +
    "diferença como entrada ou saída nesse dia às 23:59:59, descrição `Ajuste de saldo inicial para " +
    `<InitialBalanceDate>\` e documento \`${ADJUSTMENT_DOCUMENT}\`; diferença zero é recusada. Enviar só um dos dois campos é ` +
    `recusado. Conta de outra empresa ou inexistente: \`${COMPANY_NOT_FOUND}\`. Responde a lista atualizada.`,
  request: {
    params: z.object({ idbankaccount: idPath("idbankaccount") }),
    body: jsonBody(BankAccountUpdateSchema),
  },
  responses: jsonOk(BankAccountListSchema, "A lista atualizada"),
});

export const updateBankAccount: AppRouteHandler<typeof updateBankAccountRoute> = async (c) => {
  const db = c.get("db");
  const caller = c.get("caller");
  const { idbankaccount } = c.req.valid("param");
  const { InitialBalance, InitialBalanceDate, ...registry } = c.req.valid("json");
  await changeBankAccount(db, caller, idbankaccount, {
    registry: bankAccountInput(registry),
    initialBalance: InitialBalance,
    initialBalanceDate: InitialBalanceDate,
  });
  const items = await listBankAccounts(db, caller.companyId);
  return c.json(items.map(bankAccountBody), 200);
};
