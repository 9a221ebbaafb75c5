import { createRoute, z } from "@hono/zod-openapi";
import { WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import { changeWarehouse } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { WarehouseParams, WarehouseSchema, WarehouseUpdateSchema, warehouseBody } from "./schemas";

export const updateWarehouseRoute = createRoute({
  method: "put",
  path: "/warehouse/{idwarehouse}",
  operationId: "updateWarehouse",
  tags: ["Stock"],
  summary: "Altera um depósito",
  description: `Só os campos enviados mudam; \`IsActive\` 0 bloqueia novas movimentações. 400 \`${WAREHOUSE_NOT_FOUND}\`.`,
  request: {
    params: WarehouseParams,
    body: jsonBody(WarehouseUpdateSchema.openapi({ example: { IsActive: 0 } })),
  },
  responses: jsonOk(z.array(WarehouseSchema), "Array com o depósito alterado"),
});

export const updateWarehouse: AppRouteHandler<typeof updateWarehouseRoute> = async (c) => {
  const { idwarehouse } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await changeWarehouse(c.get("db"), c.get("caller").companyId, idwarehouse, {
    name: body.Name,
    isActive: body.IsActive,
  });
  return c.json([warehouseBody(row)], 200);
};
