import { createRoute, z } from "@hono/zod-openapi";
import { openInventory } from "../../domain/stock/inventory";
import { WAREHOUSE_INACTIVE, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { idBody, jsonBody, jsonOk, textBody } from "../../http/schemas";
import { InventoryHeaderSchema, inventoryHeader } from "./inventory-schemas";

export const createInventoryRoute = createRoute({
  method: "post",
  path: "/sku/inventory",
  operationId: "createSkuInventory",
  tags: ["SKU"],
  summary: "Abre um inventário (contagem) de um depósito",
  description: `Abre a sessão de contagem. Os itens chegam por \`POST /sku/inventory/{id}/items\` (em lote) ou por arquivo CSV (\`POST /job\` com \`Type\` \`StockInventoryCount\` e \`IDStockKeepingUnitInventorySummary\`, pelo upload em dois passos; colunas \`sku\`, \`quantidade\` e \`lote\` opcional; erros por linha no job); \`POST /sku/inventory/{id}/apply\` lança os ajustes. 400 \`${WAREHOUSE_NOT_FOUND}\`, \`${WAREHOUSE_INACTIVE}\`.`,
  request: {
    body: jsonBody(
      z
        .object({
          IDWarehouse: idBody("IDWarehouse"),
          Description: textBody("Description", 200, { multiline: true }).nullable().optional(),
        })
        .openapi("SkuInventoryCreate")
        .openapi({ example: { IDWarehouse: 1, Description: "Inventário anual 2026" } }),
    ),
  },
  responses: jsonOk(InventoryHeaderSchema, "O inventário aberto"),
});

export const createInventory: AppRouteHandler<typeof createInventoryRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await openInventory(c.get("db"), c.get("caller"), {
    warehouseId: body.IDWarehouse,
    description: body.Description ?? null,
  });
  return c.json(inventoryHeader(row), 200);
};
