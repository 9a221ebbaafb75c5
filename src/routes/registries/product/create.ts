import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/products";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { productBody, productCrud, productInput } from "./schemas";

export const createProductRoute = createRoute({
  path: "/product",
  ...createConfig(productCrud),
});

export const createProduct: AppRouteHandler<typeof createProductRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await domain.createProduct(c.get("db"), c.get("caller").companyId, {
    ...productInput(body),
    name: body.Name,
  });
  return c.json([productBody(row)], 200);
};
