import { createRoute, z } from "@hono/zod-openapi";
import { billOfMaterials } from "../../domain/production/production";
import { SKU_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { BomSchema, bomBody, PRODUCTION_TAG } from "./schemas";

export const getBillOfMaterialsRoute = createRoute({
  method: "get",
  path: "/sku/{idsku}/bill-of-materials",
  operationId: "getSkuBillOfMaterials",
  tags: [PRODUCTION_TAG],
  summary: "Ficha técnica de um SKU",
  description: `Insumos do SKU e a quantidade de cada um por unidade produzida. 400 \`${SKU_NOT_FOUND}\`.`,
  request: { params: z.object({ idsku: idPath("idsku") }) },
  responses: jsonOk(BomSchema, "Ficha técnica"),
});

export const getBillOfMaterials: AppRouteHandler<typeof getBillOfMaterialsRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  return c.json(bomBody(await billOfMaterials(c.get("db"), c.get("caller").companyId, idsku)), 200);
};
