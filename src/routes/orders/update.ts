import { createRoute } from "@hono/zod-openapi";
import { changeOrder } from "../../domain/orders/change-order";
import {
  ORDER_DISCOUNT_ABOVE_TOTAL,
  ORDER_FINAL_STATUS,
  ORDER_NOT_FOUND,
  ORDER_STATUS_NOT_FOUND,
  ORDER_WAREHOUSE_LOCKED,
  RESEND_NEEDS_TYPE_MESSAGE,
} from "../../domain/orders/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { ORDERS_TAG, orderParams } from "./schemas/common";
import { detailBody, headerOf, OrderDetailSchema, OrderUpdateSchema } from "./schemas/orders";

export const updateOrderRoute = createRoute({
  method: "put",
  path: "/orders/{idorder}",
  operationId: "updateOrder",
  tags: [ORDERS_TAG],
  summary: "Altera o cabeçalho ou o status de um pedido; pede o reenvio da mensagem de rastreio",
  description:
    "Só os campos enviados mudam. `IDStatusOrder` muda o status por uma transição permitida (GET /type/order/status, " +
    "`NextStatuses`); cada transição grava o histórico (quem, quando, de, para). Faturar (6) lança a saída de cada item " +
    "pelo custo médio e libera a reserva; cancelar (10) ou devolver (11) depois do faturamento lança o retorno pelo custo " +
    "em que saiu; entrar num status que reserva (23, 50 a 56) reserva os itens. Sem estoque para reservar (a reserva passaria do `QtyAvailable` do SKU no depósito e a empresa não tem `AllowNegativeStock`): `Estoque insuficiente para reservar o SKU <id> no depósito <id>: disponível <x>, solicitado <y>`; se outro pedido reservou as últimas unidades ao mesmo tempo: `Estoque insuficiente para reservar: outro pedido reservou o saldo, tente novamente`. Tudo num único lote atômico; duas " +
    "alterações simultâneas do mesmo pedido: uma vence, a outra recebe `Pedido foi alterado por outra requisição, tente " +
    "novamente`. `Resend` 1 com `TypeMessage` (email ou webhook) registra o pedido de reenvio da mensagem de rastreio do " +
    `status atual (entregue pela área de eventos). Erros 400: \`${ORDER_NOT_FOUND}\`, \`${ORDER_STATUS_NOT_FOUND}\`, ` +
    `\`Transição de status não permitida: de <de> para <para>\`, \`${ORDER_FINAL_STATUS}\`, ` +
    `\`Items[<i>]. Estoque insuficiente do SKU ...\`, \`${RESEND_NEEDS_TYPE_MESSAGE}\`, ` +
    `\`${ORDER_WAREHOUSE_LOCKED}\`, \`${ORDER_DISCOUNT_ABOVE_TOTAL}\`.`,
  request: {
    params: orderParams,
    body: jsonBody(OrderUpdateSchema),
  },
  responses: jsonOk(OrderDetailSchema, "O pedido alterado (ExchangeReceiptBase64Encode null)"),
});

export const updateOrder: AppRouteHandler<typeof updateOrderRoute> = async (c) => {
  const body = c.req.valid("json");
  const detail = await changeOrder(c.get("db"), c.get("caller"), c.req.valid("param").idorder, {
    header: headerOf(body),
    statusId: body.IDStatusOrder,
    resend: body.Resend,
    typeMessage: body.TypeMessage,
  });
  return c.json(detailBody(detail), 200);
};
