import { createRoute, z } from "@hono/zod-openapi";
import { createProduction as create } from "../../domain/production/production";
import { QUANTITY_NOT_POSITIVE, SKU_NOT_FOUND, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { idBody, jsonBody, jsonOk, quantityBody, textBody } from "../../http/schemas";
import { PRODUCTION_TAG, ProductionSchema, productionBody } from "./schemas";

const ProductionCreateSchema = z
  .object({
    IDSku: idBody("IDSku").openapi({ description: "SKU produzido" }),
    IDWarehouse: idBody("IDWarehouse"),
    IDBatch: idBody("IDBatch")
      .nullable()
      .optional()
      .openapi({ description: "Lote do produto, quando controla lote" }),
    Quantity: quantityBody("Quantity"),
    Description: textBody("Description", 255, { multiline: true }).nullable().optional(),
    Items: z
      .array(
        z.object({
          IDSku: idBody("IDSku").openapi({ description: "Insumo" }),
          IDBatch: idBody("IDBatch").nullable().optional(),
          Quantity: quantityBody("Quantity"),
        }),
        { error: "Items deve ser um array" },
      )
      .max(500, "Items aceita no máximo 500 insumos")
      .optional()
      .openapi({ description: "Insumos consumidos; omitido: a ficha técnica vezes a quantidade" }),
  })
  .openapi("SkuProductionCreate");

export const createProductionRoute = createRoute({
  method: "post",
  path: "/sku/production",
  operationId: "createSkuProduction",
  tags: [PRODUCTION_TAG],
  summary: "Abre uma ordem de produção",
  description: `O SKU produzido, a quantidade, o depósito e os insumos consumidos (por padrão, a ficha técnica vezes a quantidade). Nada movimenta o estoque até a finalização. Erros 400: \`${SKU_NOT_FOUND}\`, \`${WAREHOUSE_NOT_FOUND}\`, \`SKU sem ficha técnica: ...\`, \`Items[<i>]. ${SKU_NOT_FOUND}\`, \`Items[<i>]. ${QUANTITY_NOT_POSITIVE}\`.`,
  request: {
    body: jsonBody(
      ProductionCreateSchema.openapi({
        example: { IDSku: 1, IDWarehouse: 1, Quantity: 10, Description: "Lote 47" },
      }),
    ),
  },
  responses: jsonOk(ProductionSchema, "A ordem criada, no formato de GET /sku/production/{id}"),
});

export const createProduction: AppRouteHandler<typeof createProductionRoute> = async (c) => {
  const body = c.req.valid("json");
  const detail = await create(c.get("db"), c.get("caller"), {
    skuId: body.IDSku,
    warehouseId: body.IDWarehouse,
    batchId: body.IDBatch ?? null,
    quantity: body.Quantity,
    description: body.Description ?? null,
    items:
      body.Items?.map((i) => ({ skuId: i.IDSku, batchId: i.IDBatch ?? null, quantity: i.Quantity })) ?? null,
  });
  return c.json(productionBody(detail), 200);
};
