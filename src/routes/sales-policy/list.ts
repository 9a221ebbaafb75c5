import { createRoute, z } from "@hono/zod-openapi";
import { salesPolicyPage } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { SalesPolicySchema, salesPolicyBody } from "./schemas";

export const listSalesPoliciesRoute = createRoute({
  method: "get",
  path: "/company/sales-policy",
  operationId: "listSalesPolicies",
  tags: ["Company"],
  summary: "Políticas de venda",
  description:
    "Políticas que decidem quais lotes podem ser vendidos (validade mínima restante) e em que ordem (FEFO/FIFO); usadas por `GET /sku/batch?IDCompanySalesPolicy=`.",
  request: { query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(SalesPolicySchema), "Políticas"),
});

export const listSalesPolicies: AppRouteHandler<typeof listSalesPoliciesRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await salesPolicyPage(c.get("db"), c.get("caller").companyId, Page);
  return c.json(rows.map(salesPolicyBody), 200);
};
