import { createRoute, z } from "@hono/zod-openapi";
import { createWarehouse as createWarehouseRow } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { WarehouseCreateSchema, WarehouseSchema, warehouseBody } from "./schemas";

export const createWarehouseRoute = createRoute({
  method: "post",
  path: "/warehouse",
  operationId: "createWarehouse",
  tags: ["Stock"],
  summary: "Cadastra um depósito",
  description: "Cria o depósito (IsActive padrão 1). Resposta: array com o depósito.",
  request: { body: jsonBody(WarehouseCreateSchema.openapi({ example: { Name: "Loja Centro" } })) },
  responses: jsonOk(z.array(WarehouseSchema), "Array com o depósito criado"),
});

export const createWarehouse: AppRouteHandler<typeof createWarehouseRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await createWarehouseRow(c.get("db"), c.get("caller").companyId, {
    name: body.Name,
    isActive: body.IsActive,
  });
  return c.json([warehouseBody(row)], 200);
};
