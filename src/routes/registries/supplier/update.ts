import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { supplierCrud, supplierRows } from "./schemas";

export const updateSupplierRoute = createRoute({
  path: "/supplier/{idsupplier}",
  ...updateConfig(supplierCrud),
});

export const updateSupplier: AppRouteHandler<typeof updateSupplierRoute> = async (c) =>
  c.json(await changeRow(c, supplierRows, c.req.valid("param").idsupplier, c.req.valid("json")), 200);
