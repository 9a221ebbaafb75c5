import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { supplierCrud, supplierRows } from "./schemas";

export const deleteSupplierRoute = createRoute({
  path: "/supplier/{idsupplier}",
  ...deleteConfig(supplierCrud),
});

export const deleteSupplier: AppRouteHandler<typeof deleteSupplierRoute> = async (c) =>
  c.json(await removeRow(c, supplierRows, c.req.valid("param").idsupplier), 200);
