import { createRoute } from "@hono/zod-openapi";
import { BANK_ACCOUNT_NOT_FOUND } from "../../../domain/bank-accounts/messages";
import * as domain from "../../../domain/registries/cashiers";
import { CASHIER_NOT_OPEN, COMPANY_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk } from "../../../http/schemas";
import { CashierListSchema, cashierBody, cashierParams } from "./schemas";

export const closeCashierRoute = createRoute({
  method: "post",
  path: "/store-front/cashier/{idbankaccount}/close",
  operationId: "closeCashier",
  tags: ["Store front"],
  summary: "Fecha o caixa aberto de uma conta bancária",
  description: `400 \`${COMPANY_NOT_FOUND}\`, \`${BANK_ACCOUNT_NOT_FOUND}\`, \`${CASHIER_NOT_OPEN}\`.`,
  request: { params: cashierParams },
  responses: jsonOk(CashierListSchema, "Array de um item: o caixa fechado"),
});

export const closeCashier: AppRouteHandler<typeof closeCashierRoute> = async (c) => {
  const { idbankaccount } = c.req.valid("param");
  const { companyId, userId } = c.get("caller");
  return c.json([cashierBody(await domain.closeCashier(c.get("db"), companyId, userId, idbankaccount))], 200);
};
