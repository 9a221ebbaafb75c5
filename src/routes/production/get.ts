import { createRoute } from "@hono/zod-openapi";
import { PRODUCTION_NOT_FOUND } from "../../domain/production/messages";
import { productionDetail } from "../../domain/production/production";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { PRODUCTION_TAG, ProductionParams, ProductionSchema, productionBody } from "./schemas";

export const getProductionRoute = createRoute({
  method: "get",
  path: "/sku/production/{idstockkeepingunitproduction}",
  operationId: "getSkuProduction",
  tags: [PRODUCTION_TAG],
  summary: "Ordem de produção",
  description: `Cabeçalho (\`IDSku\`, \`SkuName\`, \`Quantity\`: o que é produzido) e \`Items\`, os insumos consumidos com custo por linha: o custo médio do momento da finalização, ou o atual enquanto aberta. \`TotalCost\` é a soma das linhas. 400 \`${PRODUCTION_NOT_FOUND}\`.`,
  request: { params: ProductionParams },
  responses: jsonOk(ProductionSchema, "A ordem de produção"),
});

export const getProduction: AppRouteHandler<typeof getProductionRoute> = async (c) => {
  const { idstockkeepingunitproduction: id } = c.req.valid("param");
  return c.json(productionBody(await productionDetail(c.get("db"), c.get("caller").companyId, id)), 200);
};
