import { createRoute, z } from "@hono/zod-openapi";
import { warehousePage } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { WarehouseSchema, warehouseBody } from "./schemas";

export const listWarehousesRoute = createRoute({
  method: "get",
  path: "/warehouse",
  operationId: "listWarehouses",
  tags: ["Stock"],
  summary: "Lista os depósitos da empresa",
  description: "Depósitos não excluídos, 5000 por página.",
  request: { query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(WarehouseSchema), "Depósitos"),
});

export const listWarehouses: AppRouteHandler<typeof listWarehousesRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await warehousePage(c.get("db"), c.get("caller").companyId, Page);
  return c.json(rows.map(warehouseBody), 200);
};
