import { createRoute, z } from "@hono/zod-openapi";
import { addCounts } from "../../domain/stock/inventory";
import {
  INVENTORY_APPLIED_NO_CHANGES,
  INVENTORY_ITEMS_REQUIRED,
  INVENTORY_NOT_FOUND,
  SKU_NOT_FOUND,
} from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { idBody, jsonBody, jsonOk } from "../../http/schemas";
import { InventoryParams } from "./inventory-schemas";

const CountsSchema = z
  .object({
    Items: z
      .array(
        z.object({
          IDSku: idBody("IDSku"),
          IDBatch: idBody("IDBatch").nullable().optional(),
          Quantity: z.number({ error: "Quantity deve ser um número" }).openapi({
            description: "Quantidade contada (zero ou mais; inteira quando a unidade não aceita frações)",
            minimum: 0,
            maximum: 1_000_000,
            example: 12,
          }),
        }),
        { error: INVENTORY_ITEMS_REQUIRED },
      )
      .max(10_000, "Items aceita no máximo 10000 itens por envio"),
  })
  .openapi("SkuInventoryCounts");

export const addInventoryItemsRoute = createRoute({
  method: "post",
  path: "/sku/inventory/{idstockkeepingunitinventorysummary}/items",
  operationId: "addSkuInventoryItems",
  tags: ["SKU"],
  summary: "Registra itens contados (em lote)",
  description: `Até 10000 itens por envio; a última contagem de um SKU/lote prevalece. Tudo ou nada: um item inválido recusa o envio com \`Items[<i>]. <motivo>\` (ex.: \`Items[3]. ${SKU_NOT_FOUND}\`). 400 \`${INVENTORY_NOT_FOUND}\`, \`${INVENTORY_APPLIED_NO_CHANGES}\`, \`${INVENTORY_ITEMS_REQUIRED}\`.`,
  request: {
    params: InventoryParams,
    body: jsonBody(CountsSchema.openapi({ example: { Items: [{ IDSku: 1, Quantity: 12 }] } })),
  },
  responses: jsonOk(
    z
      .object({
        IDStockKeepingUnitInventorySummary: z.number().int(),
        Received: z.number().int().openapi({ description: "Itens recebidos neste envio", example: 1 }),
        ItemsCount: z.number().int().openapi({ description: "Itens distintos do inventário", example: 1 }),
      })
      .openapi("SkuInventoryCountsResult"),
    "Contagens registradas",
  ),
});

export const addInventoryItems: AppRouteHandler<typeof addInventoryItemsRoute> = async (c) => {
  const { idstockkeepingunitinventorysummary: id } = c.req.valid("param");
  const body = c.req.valid("json");
  const result = await addCounts(
    c.get("db"),
    c.get("caller"),
    id,
    body.Items.map((item) => ({ skuId: item.IDSku, batchId: item.IDBatch ?? null, quantity: item.Quantity })),
  );
  return c.json(
    { IDStockKeepingUnitInventorySummary: id, Received: result.received, ItemsCount: result.itemsCount },
    200,
  );
};
