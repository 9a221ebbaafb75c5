import { createRoute, z } from "@hono/zod-openapi";
import { SKU_BRAND_NOT_FOUND, SKU_CODE_DUPLICATE, SKU_NOT_FOUND } from "../../domain/stock/messages";
import { changeSku, skuViews } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonBody, jsonOk } from "../../http/schemas";
import { SkuSchema, SkuUpdateSchema, skuBody, skuInput } from "./schemas";

export const updateSkuRoute = createRoute({
  method: "put",
  path: "/sku/{idsku}",
  operationId: "updateSku",
  tags: ["SKU"],
  summary: "Altera um SKU",
  description: `Só os campos enviados mudam. O custo médio vem do razão de estoque e não é editável. 400 \`${SKU_NOT_FOUND}\`, \`${SKU_CODE_DUPLICATE}\`, \`${SKU_BRAND_NOT_FOUND}\`.`,
  request: {
    params: z.object({ idsku: idPath("idsku") }),
    body: jsonBody(SkuUpdateSchema.openapi({ example: { Price: 26.9, DecimalQuantity: 0 } })),
  },
  responses: jsonOk(z.array(SkuSchema), "Array com o SKU alterado"),
});

export const updateSku: AppRouteHandler<typeof updateSkuRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  const body = c.req.valid("json");
  const db = c.get("db");
  const { companyId } = c.get("caller");
  const row = await changeSku(db, companyId, idsku, skuInput(body));
  return c.json((await skuViews(db, companyId, [row])).map(skuBody), 200);
};
