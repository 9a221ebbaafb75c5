import { createRoute } from "@hono/zod-openapi";
import { changeBrand } from "../../../domain/registries/brands";
import { BRAND_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonBody, jsonOk } from "../../../http/schemas";
import { BrandListSchema, BrandUpdateSchema, brandBody, brandInput, brandParams } from "./schemas";

export const updateBrandRoute = createRoute({
  method: "put",
  path: "/brand/{idbrand}",
  operationId: "updateBrand",
  tags: ["Brand"],
  summary: "Altera uma marca",
  description: `Atualização parcial: só os campos enviados mudam. 400 \`${BRAND_NOT_FOUND}\`.`,
  request: { params: brandParams, body: jsonBody(BrandUpdateSchema) },
  responses: jsonOk(BrandListSchema, "Array de uma marca: a alterada"),
});

export const updateBrand: AppRouteHandler<typeof updateBrandRoute> = async (c) => {
  const { idbrand } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await changeBrand(c.get("db"), c.get("caller").companyId, idbrand, brandInput(body));
  return c.json([brandBody(row)], 200);
};
