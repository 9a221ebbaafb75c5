import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/brands";
import { BRAND_COMPANY_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonBody, jsonOk } from "../../../http/schemas";
import { BrandCreateSchema, BrandListSchema, brandBody } from "./schemas";

export const createBrandRoute = createRoute({
  method: "post",
  path: "/brand",
  operationId: "createBrand",
  tags: ["Brand"],
  summary: "Cria uma marca",
  description: `IsActive padrão 1, MenuHome padrão 0, Score nulo. 400 \`${BRAND_COMPANY_NOT_FOUND}\`.`,
  request: { body: jsonBody(BrandCreateSchema) },
  responses: jsonOk(BrandListSchema, "Array de uma marca: a criada"),
});

export const createBrand: AppRouteHandler<typeof createBrandRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await domain.createBrand(c.get("db"), c.get("caller").companyId, {
    name: body.Name,
    description: body.Description,
    keywords: body.Keywords,
    title: body.Title,
    isActive: body.IsActive,
    menuHome: body.MenuHome,
  });
  return c.json([brandBody(row)], 200);
};
