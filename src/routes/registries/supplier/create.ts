import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/suppliers";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { supplierBody, supplierCrud, supplierInput } from "./schemas";

export const createSupplierRoute = createRoute({
  path: "/supplier",
  ...createConfig(supplierCrud),
});

export const createSupplier: AppRouteHandler<typeof createSupplierRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await domain.createSupplier(c.get("db"), c.get("caller").companyId, {
    ...supplierInput(body),
    name: body.Name,
  });
  return c.json([supplierBody(row)], 200);
};
