import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/products";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { productCrud } from "./schemas";

export const deleteProductRoute = createRoute({
  path: "/product/{idproduct}",
  ...deleteConfig(productCrud),
});

export const deleteProduct: AppRouteHandler<typeof deleteProductRoute> = async (c) => {
  const { idproduct } = c.req.valid("param");
  await domain.deleteProduct(c.get("db"), c.get("caller").companyId, idproduct);
  return c.json("sucesso" as const, 200);
};
