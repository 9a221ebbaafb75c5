import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { productCrud, productRows } from "./schemas";

export const getProductRoute = createRoute({
  path: "/product/{idproduct}",
  ...getConfig(productCrud),
});

export const getProduct: AppRouteHandler<typeof getProductRoute> = async (c) =>
  c.json(await getRows(c, productRows, c.req.valid("param").idproduct), 200);
