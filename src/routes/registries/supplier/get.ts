import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { supplierCrud, supplierRows } from "./schemas";

export const getSupplierRoute = createRoute({
  path: "/supplier/{idsupplier}",
  ...getConfig(supplierCrud),
});

export const getSupplier: AppRouteHandler<typeof getSupplierRoute> = async (c) =>
  c.json(await getRows(c, supplierRows, c.req.valid("param").idsupplier), 200);
