import { createRoute } from "@hono/zod-openapi";
import { WAREHOUSE_HAS_STOCK, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import { deleteWarehouse as deleteWarehouseRow } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, SuccessStringSchema } from "../../http/schemas";
import { WarehouseParams } from "./schemas";

export const deleteWarehouseRoute = createRoute({
  method: "delete",
  path: "/warehouse/{idwarehouse}",
  operationId: "deleteWarehouse",
  tags: ["Stock"],
  summary: "Exclui um depósito",
  description: `Status 0; recusado enquanto houver saldo de qualquer SKU no depósito. Resposta: \`sucesso\`. 400 \`${WAREHOUSE_NOT_FOUND}\`, \`${WAREHOUSE_HAS_STOCK}\`.`,
  request: { params: WarehouseParams },
  responses: jsonOk(SuccessStringSchema, "sucesso"),
});

export const deleteWarehouse: AppRouteHandler<typeof deleteWarehouseRoute> = async (c) => {
  const { idwarehouse } = c.req.valid("param");
  await deleteWarehouseRow(c.get("db"), c.get("caller").companyId, idwarehouse);
  return c.json("sucesso" as const, 200);
};
