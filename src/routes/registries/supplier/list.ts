import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/suppliers";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { supplierBody, supplierCrud } from "./schemas";

export const listSuppliersRoute = createRoute({
  path: "/supplier",
  ...listConfig(supplierCrud),
});

export const listSuppliers: AppRouteHandler<typeof listSuppliersRoute> = async (c) => {
  const { Page, IsCarrier } = c.req.valid("query");
  const rows = await domain.listSuppliers(c.get("db"), c.get("caller").companyId, {
    page: Page,
    isCarrier: IsCarrier,
  });
  return c.json(rows.map(supplierBody), 200);
};
