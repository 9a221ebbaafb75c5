import { createRoute, z } from "@hono/zod-openapi";
import { ORDER_NOT_FOUND } from "../../domain/orders/messages";
import { addOrderItem } from "../../domain/orders/order-items";
import { QUANTITY_NOT_POSITIVE, SKU_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { ORDERS_TAG, orderParams } from "./schemas/common";
import { itemBody, itemRequestOf, OrderItemCreateSchema, OrderItemSchema } from "./schemas/items";

export const addOrderSkuRoute = createRoute({
  method: "post",
  path: "/orders/{idorder}/sku",
  operationId: "addOrderSku",
  tags: [ORDERS_TAG],
  summary: "Adiciona um item (SKU) ao pedido",
  description:
    "O item é uma movimentação de SKU do pedido (`IDSkuMovement`), com os tributos calculados como na criação. Totais e " +
    "reservas do pedido acompanham no mesmo lote. Sem estoque para reservar (a reserva passaria do `QtyAvailable` do SKU no depósito e a empresa não tem `AllowNegativeStock`): `Estoque insuficiente para reservar o SKU <id> no depósito <id>: disponível <x>, solicitado <y>`; se outro pedido reservou as últimas unidades ao mesmo tempo: `Estoque insuficiente para reservar: outro pedido reservou o saldo, tente novamente`. Recusado depois do faturamento ou em status final: `Itens de pedido " +
    `faturado ou em status final não podem ser alterados\`. Outros 400: \`${ORDER_NOT_FOUND}\`, \`${SKU_NOT_FOUND}\`, ` +
    `\`${QUANTITY_NOT_POSITIVE}\`.`,
  request: {
    params: orderParams,
    body: jsonBody(OrderItemCreateSchema),
  },
  responses: jsonOk(z.array(OrderItemSchema), "Array com o item criado"),
});

export const addOrderSku: AppRouteHandler<typeof addOrderSkuRoute> = async (c) => {
  const item = await addOrderItem(
    c.get("db"),
    c.get("caller"),
    c.req.valid("param").idorder,
    itemRequestOf(c.req.valid("json")),
  );
  return c.json([itemBody(item)], 200);
};
