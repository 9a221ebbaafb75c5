import { createRoute, z } from "@hono/zod-openapi";
import { skuViewsOf } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { SkuSchema, skuBody } from "./schemas";

export const getSkuRoute = createRoute({
  method: "get",
  path: "/sku/{idsku}",
  operationId: "getSku",
  tags: ["SKU"],
  summary: "Um SKU",
  description: "Array com o SKU, ou array vazio quando o id não é de um SKU ativo da empresa.",
  request: { params: z.object({ idsku: idPath("idsku") }) },
  responses: jsonOk(z.array(SkuSchema), "O SKU"),
});

export const getSku: AppRouteHandler<typeof getSkuRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  const db = c.get("db");
  const { companyId } = c.get("caller");
  const views = await skuViewsOf(db, companyId, idsku);
  return c.json(views.map(skuBody), 200);
};
