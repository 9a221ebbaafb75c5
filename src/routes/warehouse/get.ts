import { createRoute, z } from "@hono/zod-openapi";
import { warehouseById } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { WarehouseParams, WarehouseSchema, warehouseBody } from "./schemas";

export const getWarehouseRoute = createRoute({
  method: "get",
  path: "/warehouse/{idwarehouse}",
  operationId: "getWarehouse",
  tags: ["Stock"],
  summary: "Um depósito",
  description: "Array com o depósito, ou vazio quando o id não é de um depósito da empresa.",
  request: { params: WarehouseParams },
  responses: jsonOk(z.array(WarehouseSchema), "O depósito"),
});

export const getWarehouse: AppRouteHandler<typeof getWarehouseRoute> = async (c) => {
  const { idwarehouse } = c.req.valid("param");
  const row = await warehouseById(c.get("db"), c.get("caller").companyId, idwarehouse);
  return c.json(row ? [warehouseBody(row)] : [], 200);
};
