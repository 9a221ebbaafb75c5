import { createRoute, z } from "@hono/zod-openapi";
import { createSalesPolicy as createSalesPolicyRow } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { SalesPolicyCreateSchema, SalesPolicySchema, salesPolicyBody } from "./schemas";

export const createSalesPolicyRoute = createRoute({
  method: "post",
  path: "/company/sales-policy",
  operationId: "createSalesPolicy",
  tags: ["Company"],
  summary: "Cadastra uma política de venda",
  description: "MinShelfLifeDays padrão 0, PickOrder padrão FEFO. Resposta: array com a política.",
  request: {
    body: jsonBody(
      SalesPolicyCreateSchema.openapi({
        example: { Name: "Varejo", MinShelfLifeDays: 30, PickOrder: "FEFO" },
      }),
    ),
  },
  responses: jsonOk(z.array(SalesPolicySchema), "Array com a política criada"),
});

export const createSalesPolicy: AppRouteHandler<typeof createSalesPolicyRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await createSalesPolicyRow(c.get("db"), c.get("caller").companyId, {
    name: body.Name,
    minShelfLifeDays: body.MinShelfLifeDays,
    pickOrder: body.PickOrder,
  });
  return c.json([salesPolicyBody(row)], 200);
};
