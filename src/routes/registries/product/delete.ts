import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { productCrud, productRows } from "./schemas";

export const deleteProductRoute = createRoute({
  path: "/product/{idproduct}",
  ...deleteConfig(productCrud),
});

export const deleteProduct: AppRouteHandler<typeof deleteProductRoute> = async (c) =>
  c.json(await removeRow(c, productRows, c.req.valid("param").idproduct), 200);
