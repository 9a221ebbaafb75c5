import { createRoute } from "@hono/zod-openapi";
import { changeSupplier } from "../../../domain/registries/suppliers";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { supplierBody, supplierCrud, supplierInput } from "./schemas";

export const updateSupplierRoute = createRoute({
  path: "/supplier/{idsupplier}",
  ...updateConfig(supplierCrud),
});

export const updateSupplier: AppRouteHandler<typeof updateSupplierRoute> = async (c) => {
  const { idsupplier } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await changeSupplier(c.get("db"), c.get("caller").companyId, idsupplier, supplierInput(body));
  return c.json([supplierBody(row)], 200);
};
