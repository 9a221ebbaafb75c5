import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { productCrud, productRows } from "./schemas";

export const listProductsRoute = createRoute({
  path: "/product",
  ...listConfig(productCrud),
});

export const listProducts: AppRouteHandler<typeof listProductsRoute> = async (c) =>
  c.json(await listRows(c, productRows, c.req.valid("query")), 200);
