import { createRoute } from "@hono/zod-openapi";
import { BANK_ACCOUNT_NOT_FOUND } from "../../../domain/bank-accounts/messages";
import * as domain from "../../../domain/registries/cashiers";
import { CASHIER_ALREADY_OPEN, COMPANY_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk } from "../../../http/schemas";
import { CashierListSchema, cashierBody, cashierParams } from "./schemas";

export const openCashierRoute = createRoute({
  method: "post",
  path: "/store-front/cashier/{idbankaccount}/open",
  operationId: "openCashier",
  tags: ["Store front"],
  summary: "Abre o caixa de uma conta bancária",
  description: `A conta deve ser uma conta ativa da empresa; um só caixa aberto por conta (aberturas simultâneas: só uma passa). 400 \`${COMPANY_NOT_FOUND}\`, \`${BANK_ACCOUNT_NOT_FOUND}\`, \`${CASHIER_ALREADY_OPEN}\`.`,
  request: { params: cashierParams },
  responses: jsonOk(CashierListSchema, "Array de um item: o caixa aberto"),
});

export const openCashier: AppRouteHandler<typeof openCashierRoute> = async (c) => {
  const { idbankaccount } = c.req.valid("param");
  const { companyId, userId } = c.get("caller");
  return c.json([cashierBody(await domain.openCashier(c.get("db"), companyId, userId, idbankaccount))], 200);
};
