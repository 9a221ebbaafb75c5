import { createRoute } from "@hono/zod-openapi";
import { findProductAsList } from "../../../domain/registries/products";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { productBody, productCrud } from "./schemas";

export const getProductRoute = createRoute({
  path: "/product/{idproduct}",
  ...getConfig(productCrud),
});

export const getProduct: AppRouteHandler<typeof getProductRoute> = async (c) => {
  const { idproduct } = c.req.valid("param");
  const rows = await findProductAsList(c.get("db"), c.get("caller").companyId, idproduct);
  return c.json(rows.map(productBody), 200);
};
