import { createRoute, z } from "@hono/zod-openapi";
import { applyInventory as applyCount } from "../../domain/stock/inventory";
import {
  INVENTORY_ALREADY_APPLIED,
  INVENTORY_NOT_FOUND,
  INVENTORY_WITHOUT_ITEMS,
} from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { InventoryParams } from "./inventory-schemas";

export const applyInventoryRoute = createRoute({
  method: "post",
  path: "/sku/inventory/{idstockkeepingunitinventorysummary}/apply",
  operationId: "applySkuInventory",
  tags: ["SKU"],
  summary: "Aplica o inventário",
  description: `Compara cada item contado com o saldo do depósito (ou do lote) e lança um ajuste (origem \`inventory\`) por diferença, entrada pelo custo médio ou saída; grava saldo e diferença em cada item. Um único lote atômico, uma única vez: a segunda aplicação (mesmo concorrente) é recusada. 400 \`${INVENTORY_ALREADY_APPLIED}\`, \`${INVENTORY_NOT_FOUND}\`, \`${INVENTORY_WITHOUT_ITEMS}\`.`,
  request: { params: InventoryParams },
  responses: jsonOk(
    z
      .object({
        IDStockKeepingUnitInventorySummary: z.number().int(),
        Items: z.number().int().openapi({ description: "Itens do inventário", example: 3 }),
        Movements: z
          .number()
          .int()
          .openapi({ description: "Ajustes lançados (itens com diferença)", example: 2 }),
        Message: z
          .string()
          .openapi({ example: "Inventário aplicado: 2 ajuste(s) (1 entrada(s), 1 saída(s)) em 3 item(ns)" }),
      })
      .openapi("SkuInventoryApplyResult"),
    "Inventário aplicado",
  ),
});

export const applyInventory: AppRouteHandler<typeof applyInventoryRoute> = async (c) => {
  const { idstockkeepingunitinventorysummary: id } = c.req.valid("param");
  const result = await applyCount(c.get("db"), c.get("caller"), id);
  return c.json(
    {
      IDStockKeepingUnitInventorySummary: id,
      Items: result.items,
      Movements: result.movements,
      Message: result.message,
    },
    200,
  );
};
