import { createRoute } from "@hono/zod-openapi";
import { createBankAccount as addBankAccount } from "../../domain/bank-accounts/create";
import { listBankAccounts } from "../../domain/bank-accounts/list";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  BankAccountCreateSchema,
  BankAccountListSchema,
  bankAccountBody,
  bankAccountInput,
  TAG,
} from "./schemas";

export const createBankAccountRoute = createRoute({
  method: "post",
  path: "/accounts/bank-account",
  operationId: "createBankAccount",
  tags: [TAG],
  summary: "Cria uma conta bancária",
  description:
    "Bank e BankNumber obrigatórios. MainIncome=1 limpa as contas principais de recebimento e de pagamento " +
    "das outras contas do mesmo faturador; MainPayment=1 limpa a principal de pagamento. Faturador, " +
    "integração (não Pix), integração Pix (tipo PIX) e tipo de pedido (habilitado para frente de caixa e, " +
    "quando a conta tem faturador, para esse faturador) são validados nos cadastros da empresa. " +
    "Responde a lista atualizada.",
  request: { body: jsonBody(BankAccountCreateSchema) },
  responses: jsonOk(BankAccountListSchema, "A lista atualizada"),
});

export const createBankAccount: AppRouteHandler<typeof createBankAccountRoute> = async (c) => {
  const db = c.get("db");
  const caller = c.get("caller");
  await addBankAccount(db, caller, bankAccountInput(c.req.valid("json")));
  const items = await listBankAccounts(db, caller.companyId);
  return c.json(items.map(bankAccountBody), 200);
};
