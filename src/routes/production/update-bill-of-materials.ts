import { createRoute, z } from "@hono/zod-openapi";
import { BOM_INPUT_IS_PRODUCT, BOM_INPUT_REPEATED } from "../../domain/production/messages";
import { setBillOfMaterials } from "../../domain/production/production";
import { SKU_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { idBody, idPath, jsonBody, jsonOk, quantityBody } from "../../http/schemas";
import { BomSchema, bomBody, PRODUCTION_TAG } from "./schemas";

const BomBodySchema = z
  .object({
    Items: z
      .array(
        z.object({
          IDSkuInput: idBody("IDSkuInput").openapi({ description: "Insumo (SKU)" }),
          Quantity: quantityBody("Quantity"),
        }),
        {
          error: "Items deve ser um array",
        },
      )
      .max(500, "Items aceita no máximo 500 insumos"),
  })
  .openapi("SkuBillOfMaterialsInput");

export const updateBillOfMaterialsRoute = createRoute({
  method: "put",
  path: "/sku/{idsku}/bill-of-materials",
  operationId: "updateSkuBillOfMaterials",
  tags: [PRODUCTION_TAG],
  summary: "Grava a ficha técnica de um SKU",
  description: `Substitui os insumos do SKU (lista vazia limpa a ficha). \`Quantity\` é por unidade produzida, até 3 casas. Erros 400: \`${SKU_NOT_FOUND}\`, \`Items[<i>]. ${BOM_INPUT_IS_PRODUCT}\`, \`Items[<i>]. ${BOM_INPUT_REPEATED}\`, \`Items[<i>]. ${SKU_NOT_FOUND}\`.`,
  request: {
    params: z.object({ idsku: idPath("idsku") }),
    body: jsonBody(
      BomBodySchema.openapi({
        example: {
          Items: [
            { IDSkuInput: 2, Quantity: 1 },
            { IDSkuInput: 3, Quantity: 0.25 },
          ],
        },
      }),
    ),
  },
  responses: jsonOk(BomSchema, "Ficha técnica gravada"),
});

export const updateBillOfMaterials: AppRouteHandler<typeof updateBillOfMaterialsRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  const { Items } = c.req.valid("json");
  const bom = await setBillOfMaterials(
    c.get("db"),
    c.get("caller"),
    idsku,
    Items.map((i) => ({ inputSkuId: i.IDSkuInput, quantity: i.Quantity })),
  );
  return c.json(bomBody(bom), 200);
};
