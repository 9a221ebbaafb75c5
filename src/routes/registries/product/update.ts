import { createRoute } from "@hono/zod-openapi";
import { changeProduct } from "../../../domain/registries/products";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { productBody, productCrud, productInput } from "./schemas";

export const updateProductRoute = createRoute({
  path: "/product/{idproduct}",
  ...updateConfig(productCrud),
});

export const updateProduct: AppRouteHandler<typeof updateProductRoute> = async (c) => {
  const { idproduct } = c.req.valid("param");
  const row = await changeProduct(
    c.get("db"),
    c.get("caller").companyId,
    idproduct,
    productInput(c.req.valid("json")),
  );
  return c.json([productBody(row)], 200);
};
