import { createRoute } from "@hono/zod-openapi";
import { findBrandAsList } from "../../../domain/registries/brands";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk } from "../../../http/schemas";
import { BrandListSchema, brandBody, brandParams } from "./schemas";

export const getBrandRoute = createRoute({
  method: "get",
  path: "/brand/{idbrand}",
  operationId: "getBrand",
  tags: ["Brand"],
  summary: "Uma marca",
  description: "Array com a marca, ou array vazio quando ela não é da empresa ou foi excluída.",
  request: { params: brandParams },
  responses: jsonOk(BrandListSchema, "Array com a marca ou vazio"),
});

export const getBrand: AppRouteHandler<typeof getBrandRoute> = async (c) => {
  const { idbrand } = c.req.valid("param");
  return c.json((await findBrandAsList(c.get("db"), c.get("caller").companyId, idbrand)).map(brandBody), 200);
};
