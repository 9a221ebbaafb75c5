import { createRoute, z } from "@hono/zod-openapi";
import { SALES_POLICY_NOT_FOUND } from "../../domain/stock/messages";
import { changeSalesPolicy } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { SalesPolicyParams, SalesPolicySchema, SalesPolicyUpdateSchema, salesPolicyBody } from "./schemas";

export const updateSalesPolicyRoute = createRoute({
  method: "put",
  path: "/company/sales-policy/{idcompanysalespolicy}",
  operationId: "updateSalesPolicy",
  tags: ["Company"],
  summary: "Altera uma política de venda",
  description: `Só os campos enviados mudam. 400 \`${SALES_POLICY_NOT_FOUND}\`.`,
  request: {
    params: SalesPolicyParams,
    body: jsonBody(SalesPolicyUpdateSchema.openapi({ example: { MinShelfLifeDays: 45 } })),
  },
  responses: jsonOk(z.array(SalesPolicySchema), "Array com a política alterada"),
});

export const updateSalesPolicy: AppRouteHandler<typeof updateSalesPolicyRoute> = async (c) => {
  const { idcompanysalespolicy } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await changeSalesPolicy(c.get("db"), c.get("caller").companyId, idcompanysalespolicy, {
    name: body.Name,
    minShelfLifeDays: body.MinShelfLifeDays,
    pickOrder: body.PickOrder,
  });
  return c.json([salesPolicyBody(row)], 200);
};
