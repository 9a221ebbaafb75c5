import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/suppliers";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { supplierCrud } from "./schemas";

export const deleteSupplierRoute = createRoute({
  path: "/supplier/{idsupplier}",
  ...deleteConfig(supplierCrud),
});

export const deleteSupplier: AppRouteHandler<typeof deleteSupplierRoute> = async (c) => {
  const { idsupplier } = c.req.valid("param");
  await domain.deleteSupplier(c.get("db"), c.get("caller").companyId, idsupplier);
  return c.json("sucesso" as const, 200);
};
