import { createRoute } from "@hono/zod-openapi";
import { getBankLine as bankLineOf } from "../../domain/statement/lines";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { BankLineSchema, bankLineBody, bankLineParams, TAG } from "./schemas";

export const getBankLineRoute = createRoute({
  method: "get",
  path: "/accounts/bank-statement/conciliation/{idbankstatementconciliation}",
  operationId: "getBankLine",
  tags: [TAG],
  summary: "Um lançamento bancário com seus lançamentos internos conciliados",
  description: "400 `Lançamento conciliação bancária não encontrado` quando a linha não é da empresa.",
  request: { params: bankLineParams },
  responses: jsonOk(BankLineSchema, "A linha"),
});

export const getBankLine: AppRouteHandler<typeof getBankLineRoute> = async (c) => {
  const { idbankstatementconciliation } = c.req.valid("param");
  return c.json(
    bankLineBody(await bankLineOf(c.get("db"), c.get("caller"), idbankstatementconciliation)),
    200,
  );
};
