import { createRoute, z } from "@hono/zod-openapi";
import { inventorySummary } from "../../domain/stock/inventory";
import { INVENTORY_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { InventoryParams, InventorySummarySchema, summaryBody } from "./inventory-schemas";

export const inventorySummaryRoute = createRoute({
  method: "get",
  path: "/sku/inventory-summary/{idstockkeepingunitinventorysummary}",
  operationId: "getSkuInventorySummary",
  tags: ["SKU"],
  summary: "Resumo do inventário",
  description: `Cabeçalho, \`Items\` paginados por 5000 (\`Page\` a partir de 0), \`HasNextPageItems\`, \`ItemsCount\` e \`InventoryLogs\`. 400 \`${INVENTORY_NOT_FOUND}\`.`,
  request: { params: InventoryParams, query: z.object({ Page: pageQuery }) },
  responses: jsonOk(InventorySummarySchema, "Resumo"),
});

export const getInventorySummary: AppRouteHandler<typeof inventorySummaryRoute> = async (c) => {
  const { idstockkeepingunitinventorysummary: id } = c.req.valid("param");
  const { Page } = c.req.valid("query");
  const summary = await inventorySummary(c.get("db"), c.get("caller").companyId, id, Page);
  return c.json(summaryBody(summary, Page), 200);
};
