import { createRoute, z } from "@hono/zod-openapi";
import {
  BATCH_OF_ANOTHER_SKU,
  QUANTITY_NOT_POSITIVE,
  REASON_REQUIRED,
  WAREHOUSE_NOT_FOUND,
} from "../../domain/stock/messages";
import { postAdjustment } from "../../domain/stock/operations";
import type { AppRouteHandler } from "../../http/router";
import { idBody, jsonBody, jsonOk, moneyBody, quantityBody, textBody } from "../../http/schemas";
import { MovementSchema, movementBody, typeMovementBody } from "./schemas";

const AdjustmentSchema = z
  .object({
    IDSku: idBody("IDSku"),
    IDWarehouse: idBody("IDWarehouse"),
    IDBatch: idBody("IDBatch")
      .nullable()
      .optional()
      .openapi({ description: "Obrigatório quando o SKU controla lote" }),
    IDTypeMovement: typeMovementBody,
    Quantity: quantityBody("Quantity"),
    UnitCost: moneyBody("UnitCost").optional().openapi({
      description: "Custo unitário da entrada (R$); omitido: entra pelo custo médio atual. Ignorado na saída",
    }),
    Reason: textBody("Reason", 255).openapi({
      description: "Motivo (obrigatório)",
      example: "Avaria na conferência",
    }),
  })
  .openapi("SkuAdjustment");

export const skuAdjustmentRoute = createRoute({
  method: "post",
  path: "/sku/movement/adjustment",
  operationId: "postSkuAdjustment",
  tags: ["SKU"],
  summary: "Ajuste manual de estoque",
  description: `Lança uma movimentação de entrada (0) ou saída (1) com motivo (origem \`manual\`). A entrada recalcula o custo médio; a saída leva o custo médio do momento. A saída que deixaria o saldo negativo é recusada, salvo quando a empresa permite estoque negativo (\`AllowNegativeStock\` em /company/stock-setting). Erros 400: \`${QUANTITY_NOT_POSITIVE}\`, \`Quantidade deve ser inteira: ...\`, \`${WAREHOUSE_NOT_FOUND}\`, \`${BATCH_OF_ANOTHER_SKU}\`, \`Estoque insuficiente do SKU ...\`, \`${REASON_REQUIRED}\`; nada é gravado.`,
  request: {
    body: jsonBody(
      AdjustmentSchema.openapi({
        example: {
          IDSku: 1,
          IDWarehouse: 1,
          IDTypeMovement: 0,
          Quantity: 10,
          UnitCost: 12.5,
          Reason: "Saldo inicial",
        },
      }),
    ),
  },
  responses: jsonOk(z.array(MovementSchema), "Array com a movimentação lançada"),
});

export const skuAdjustment: AppRouteHandler<typeof skuAdjustmentRoute> = async (c) => {
  const body = c.req.valid("json");
  const rows = await postAdjustment(c.get("db"), c.get("caller"), {
    skuId: body.IDSku,
    warehouseId: body.IDWarehouse,
    batchId: body.IDBatch ?? null,
    typeMovement: body.IDTypeMovement,
    quantity: body.Quantity,
    unitCost: body.UnitCost ?? null,
    reason: body.Reason,
  });
  return c.json(
    rows.map((row) => movementBody(row)),
    200,
  );
};
