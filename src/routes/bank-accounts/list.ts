import { createRoute } from "@hono/zod-openapi";
import { listBankAccounts as bankAccountsOf } from "../../domain/bank-accounts/list";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { BankAccountListQuerySchema, BankAccountListSchema, bankAccountBody, TAG } from "./schemas";

export const listBankAccountsRoute = createRoute({
  method: "get",
  path: "/accounts/bank-account",
  operationId: "listBankAccounts",
  tags: [TAG],
  summary: "Contas bancárias ativas da empresa, com saldo e saldo previsto",
  description:
    "Balance: todos os lançamentos até hoje no fuso da empresa. BalanceForecast: Balance mais contas a receber " +
    "menos contas a pagar em aberto ou parcialmente pagas (valor em aberto) cuja conta prevista é esta, " +
    "vencendo até DateForecast (inclusive; padrão hoje). O custo não cresce com o número de lançamentos.",
  request: { query: BankAccountListQuerySchema },
  responses: jsonOk(BankAccountListSchema, "Contas bancárias (vazio quando nada corresponde)"),
});

export const listBankAccounts: AppRouteHandler<typeof listBankAccountsRoute> = async (c) => {
  const query = c.req.valid("query");
  const items = await bankAccountsOf(c.get("db"), c.get("caller").companyId, {
    companyInvoiceId: query.IDCompanyInvoice,
    bankNumber: query.BankNumber,
    dateForecast: query.DateForecast,
  });
  return c.json(items.map(bankAccountBody), 200);
};
