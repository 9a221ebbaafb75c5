import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { productCrud, productRows } from "./schemas";

export const createProductRoute = createRoute({
  path: "/product",
  ...createConfig(productCrud),
});

export const createProduct: AppRouteHandler<typeof createProductRoute> = async (c) =>
  c.json(await createRow(c, productRows, c.req.valid("json")), 200);
