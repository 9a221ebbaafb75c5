import { createRoute, z } from "@hono/zod-openapi";
import { bankAccountHistory } from "../../domain/bank-accounts/history";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk, pageQuery } from "../../http/schemas";
import { BankAccountHistorySchema, historyBody, TAG } from "./schemas";

export const listBankAccountHistoryRoute = createRoute({
  method: "get",
  path: "/accounts/bank-account/{idbankaccount}/history",
  operationId: "listBankAccountHistory",
  tags: [TAG],
  summary: "Histórico de alterações de uma conta bancária",
  description:
    "Criação, alterações (inclusive a limpeza de conta principal feita por outra conta), ajustes de saldo " +
    "inicial e exclusão: quem (IDUser), quando e o que mudou. Mais recente primeiro, 5000 por página. " +
    "Disponível também para contas excluídas.",
  request: {
    params: z.object({ idbankaccount: idPath("idbankaccount") }),
    query: z.object({ Page: pageQuery }),
  },
  responses: jsonOk(BankAccountHistorySchema, "Registros do histórico"),
});

export const listBankAccountHistory: AppRouteHandler<typeof listBankAccountHistoryRoute> = async (c) => {
  const { idbankaccount } = c.req.valid("param");
  const { Page } = c.req.valid("query");
  const items = await bankAccountHistory(c.get("db"), c.get("caller").companyId, idbankaccount, Page);
  return c.json(items.map(historyBody), 200);
};
