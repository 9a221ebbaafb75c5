import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/brands";
import { BRAND_HAS_ACTIVE_PRODUCTS, BRAND_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk, SuccessStringSchema } from "../../../http/schemas";
import { brandParams } from "./schemas";

export const deleteBrandRoute = createRoute({
  method: "delete",
  path: "/brand/{idbrand}",
  operationId: "deleteBrand",
  tags: ["Brand"],
  summary: "Exclui uma marca",
  description: `Status 0. Recusada enquanto houver produto ativo (IsActive 1 e Status 1) da marca. 400 \`${BRAND_NOT_FOUND}\`, \`${BRAND_HAS_ACTIVE_PRODUCTS}\`.`,
  request: { params: brandParams },
  responses: jsonOk(SuccessStringSchema, "A string `sucesso`"),
});

export const deleteBrand: AppRouteHandler<typeof deleteBrandRoute> = async (c) => {
  const { idbrand } = c.req.valid("param");
  await domain.deleteBrand(c.get("db"), c.get("caller").companyId, idbrand);
  return c.json("sucesso" as const, 200);
};
