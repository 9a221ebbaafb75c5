import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { supplierCrud, supplierRows } from "./schemas";

export const listSuppliersRoute = createRoute({
  path: "/supplier",
  ...listConfig(supplierCrud),
});

export const listSuppliers: AppRouteHandler<typeof listSuppliersRoute> = async (c) =>
  c.json(await listRows(c, supplierRows, c.req.valid("query")), 200);
