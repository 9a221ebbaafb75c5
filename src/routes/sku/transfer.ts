import { createRoute, z } from "@hono/zod-openapi";
import { REASON_REQUIRED, TRANSFER_SAME_WAREHOUSE, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import { postTransfer } from "../../domain/stock/operations";
import type { AppRouteHandler } from "../../http/router";
import { idBody, jsonBody, jsonOk, quantityBody, textBody } from "../../http/schemas";
import { MovementSchema, movementBody } from "./schemas";

const TransferSchema = z
  .object({
    IDSku: idBody("IDSku"),
    IDWarehouseFrom: idBody("IDWarehouseFrom"),
    IDWarehouseTo: idBody("IDWarehouseTo"),
    IDBatch: idBody("IDBatch")
      .nullable()
      .optional()
      .openapi({ description: "Obrigatório quando o SKU controla lote" }),
    Quantity: quantityBody("Quantity"),
    Reason: textBody("Reason", 255).openapi({
      description: "Motivo (obrigatório)",
      example: "Reposição da loja",
    }),
  })
  .openapi("SkuTransfer");

export const skuTransferRoute = createRoute({
  method: "post",
  path: "/sku/movement/transfer",
  operationId: "postSkuTransfer",
  tags: ["SKU"],
  summary: "Transferência entre depósitos",
  description: `Saída do depósito de origem e entrada no de destino, pelo custo médio, num único lote atômico (origem \`transfer\`); o custo médio não muda. 400 \`${TRANSFER_SAME_WAREHOUSE}\`, \`${WAREHOUSE_NOT_FOUND}\`, \`Estoque insuficiente do SKU ...\`, \`${REASON_REQUIRED}\` e os erros de quantidade e lote do ajuste.`,
  request: {
    body: jsonBody(
      TransferSchema.openapi({
        example: { IDSku: 1, IDWarehouseFrom: 1, IDWarehouseTo: 2, Quantity: 3, Reason: "Reposição da loja" },
      }),
    ),
  },
  responses: jsonOk(z.array(MovementSchema), "As duas movimentações: saída e entrada"),
});

export const skuTransfer: AppRouteHandler<typeof skuTransferRoute> = async (c) => {
  const body = c.req.valid("json");
  const rows = await postTransfer(c.get("db"), c.get("caller"), {
    skuId: body.IDSku,
    fromWarehouseId: body.IDWarehouseFrom,
    toWarehouseId: body.IDWarehouseTo,
    batchId: body.IDBatch ?? null,
    quantity: body.Quantity,
    reason: body.Reason,
  });
  return c.json(
    rows.map((row) => movementBody(row)),
    200,
  );
};
