import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/products";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { productBody, productCrud } from "./schemas";

export const listProductsRoute = createRoute({
  path: "/product",
  ...listConfig(productCrud),
});

export const listProducts: AppRouteHandler<typeof listProductsRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await domain.listProducts(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(productBody), 200);
};
