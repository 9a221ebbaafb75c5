import { createRoute, z } from "@hono/zod-openapi";
import { skuWarehouseBalances } from "../../domain/stock/balances";
import { SKU_NOT_FOUND } from "../../domain/stock/messages";
import { fromMilli } from "../../domain/stock/quantities";
import type { AppRouteHandler } from "../../http/router";
import { idField, idPath, jsonOk, quantityField } from "../../http/schemas";

const WarehouseBalanceSchema = z
  .object({
    IDWarehouse: idField("Depósito"),
    Name: z.string().openapi({ example: "Depósito principal" }),
    QtyOnStock: quantityField("Saldo do SKU no depósito"),
    QtyReserved: quantityField("Reservado no depósito (status 23 e 50 a 56)"),
    QtyAvailable: quantityField("QtyOnStock - QtyReserved"),
  })
  .openapi("SkuWarehouseBalance");

export const skuWarehouseRoute = createRoute({
  method: "get",
  path: "/sku/{idsku}/warehouse",
  operationId: "getSkuWarehouses",
  tags: ["SKU"],
  summary: "Saldo do SKU por depósito",
  description: `Um item por depósito ativo da empresa (zeros onde não há saldo). Mesma regra de reserva de GET /sku/balance. 400 \`${SKU_NOT_FOUND}\`.`,
  request: { params: z.object({ idsku: idPath("idsku") }) },
  responses: jsonOk(z.array(WarehouseBalanceSchema), "Saldos por depósito"),
});

export const skuWarehouse: AppRouteHandler<typeof skuWarehouseRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  const rows = await skuWarehouseBalances(c.get("db"), c.get("caller").companyId, idsku);
  return c.json(
    rows.map((r) => ({
      IDWarehouse: r.warehouseId,
      Name: r.name,
      QtyOnStock: fromMilli(r.onStock),
      QtyReserved: fromMilli(r.reserved),
      QtyAvailable: fromMilli(r.available),
    })),
    200,
  );
};
