import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { productCrud, productRows } from "./schemas";

export const updateProductRoute = createRoute({
  path: "/product/{idproduct}",
  ...updateConfig(productCrud),
});

export const updateProduct: AppRouteHandler<typeof updateProductRoute> = async (c) =>
  c.json(await changeRow(c, productRows, c.req.valid("param").idproduct, c.req.valid("json")), 200);
