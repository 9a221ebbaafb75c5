import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { supplierCrud, supplierRows } from "./schemas";

export const createSupplierRoute = createRoute({
  path: "/supplier",
  ...createConfig(supplierCrud),
});

export const createSupplier: AppRouteHandler<typeof createSupplierRoute> = async (c) =>
  c.json(await createRow(c, supplierRows, c.req.valid("json")), 200);
