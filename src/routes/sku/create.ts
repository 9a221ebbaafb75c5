import { createRoute, z } from "@hono/zod-openapi";
import { SKU_BRAND_NOT_FOUND, SKU_CODE_DUPLICATE } from "../../domain/stock/messages";
import { createSku as createSkuRow, skuViews } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { SkuCreateSchema, SkuSchema, skuBody, skuInput } from "./schemas";

export const createSkuRoute = createRoute({
  method: "post",
  path: "/sku",
  operationId: "createSku",
  tags: ["SKU"],
  summary: "Cadastra um SKU",
  description: `Cria o SKU (registro do cadastro de produtos). \`Unit\` padrão UN; \`DecimalQuantity\` 1 para unidades fracionáveis (KG, L, M). 400 \`${SKU_CODE_DUPLICATE}\`, \`${SKU_BRAND_NOT_FOUND}\`.`,
  request: {
    body: jsonBody(
      SkuCreateSchema.openapi({
        example: {
          Code: "CAF-500",
          EAN: "7891234567895",
          Name: "Café torrado 500 g",
          Unit: "UN",
          Cost: 12.5,
          Price: 24.9,
        },
      }),
    ),
  },
  responses: jsonOk(z.array(SkuSchema), "Array com o SKU criado"),
});

export const createSku: AppRouteHandler<typeof createSkuRoute> = async (c) => {
  const body = c.req.valid("json");
  const db = c.get("db");
  const { companyId } = c.get("caller");
  const row = await createSkuRow(db, companyId, { ...skuInput(body), name: body.Name });
  return c.json((await skuViews(db, companyId, [row])).map(skuBody), 200);
};
