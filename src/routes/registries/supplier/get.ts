import { createRoute } from "@hono/zod-openapi";
import { findSupplierAsList } from "../../../domain/registries/suppliers";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { supplierBody, supplierCrud } from "./schemas";

export const getSupplierRoute = createRoute({
  path: "/supplier/{idsupplier}",
  ...getConfig(supplierCrud),
});

export const getSupplier: AppRouteHandler<typeof getSupplierRoute> = async (c) => {
  const { idsupplier } = c.req.valid("param");
  const rows = await findSupplierAsList(c.get("db"), c.get("caller").companyId, idsupplier);
  return c.json(rows.map(supplierBody), 200);
};
