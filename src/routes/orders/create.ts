import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../domain/orders/create-order";
import {
  ORDER_CARRIER_NOT_FOUND,
  ORDER_CONSUMER_NOT_FOUND,
  ORDER_DISCOUNT_ABOVE_TOTAL,
  ORDER_ITEMS_REQUIRED,
  ORDER_STATUS_NOT_FOUND,
  ORDER_TYPE_NOT_FOUND,
} from "../../domain/orders/messages";
import { PAYMENT_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import { QUANTITY_NOT_POSITIVE, SKU_NOT_FOUND, WAREHOUSE_NOT_FOUND } from "../../domain/stock/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { ORDERS_TAG } from "./schemas/common";
import { detailBody, OrderCreateSchema, OrderDetailSchema, orderInputOfBody } from "./schemas/orders";

export const createOrderRoute = createRoute({
  method: "post",
  path: "/orders",
  operationId: "createOrder",
  tags: [ORDERS_TAG],
  summary: "Cria um pedido com seus itens",
  description:
    "Cria o pedido, seus itens (cada item é uma movimentação de SKU, `IDSkuMovement`) com os tributos calculados pelo perfil " +
    "tributário do SKU (ou informados com `ManualTax` 1), a primeira linha do histórico de status e, quando o status reserva " +
    "estoque (23 e 50 a 56), as reservas, tudo num único lote atômico. Sem estoque para reservar (a reserva passaria do `QtyAvailable` do SKU no depósito e a empresa não tem `AllowNegativeStock`): `Estoque insuficiente para reservar o SKU <id> no depósito <id>: disponível <x>, solicitado <y>`; se outro pedido reservou as últimas unidades ao mesmo tempo: `Estoque insuficiente para reservar: outro pedido reservou o saldo, tente novamente`. Quantidades com até 3 casas decimais (inteiras " +
    "quando a unidade do SKU não aceita frações). Total = soma dos itens (valor + tributos) + Freight - Discount. " +
    `Erros 400 (nada é gravado): \`${ORDER_ITEMS_REQUIRED}\`, \`Items[<i>]. ${SKU_NOT_FOUND}\` ` +
    `(também para SKU de outra empresa), \`Items[<i>]. ${QUANTITY_NOT_POSITIVE}\`, \`Items[<i>]. Quantidade deve ser ` +
    `inteira: ...\`, \`Items[<i>]. SKU <id> sem perfil tributário (TaxProfile): ...\`, \`${ORDER_CONSUMER_NOT_FOUND}\`, \`${ORDER_TYPE_NOT_FOUND}\`, ` +
    `\`${WAREHOUSE_NOT_FOUND}\`, \`${ORDER_CARRIER_NOT_FOUND}\`, \`${ORDER_STATUS_NOT_FOUND}\`, \`Pedido não pode ser criado no status <id>\`, ` +
    `\`${ORDER_DISCOUNT_ABOVE_TOTAL}\`, \`Valor dos pagamentos (<x>) maior que o total do pedido (<y>)\`, ` +
    `\`Payments[<i>]. Tipo pagamento sem taxa cadastrada para <n> parcela(s)\`, \`Payments[<i>]. ${PAYMENT_TYPE_NOT_FOUND}\`.`,
  request: {
    body: jsonBody(OrderCreateSchema),
  },
  responses: jsonOk(
    OrderDetailSchema,
    "O pedido criado (ExchangeReceiptBase64Encode null: pedir em GET /orders/{idorder})",
  ),
});

export const createOrder: AppRouteHandler<typeof createOrderRoute> = async (c) => {
  const body = c.req.valid("json");
  const detail = await domain.createOrder(c.get("db"), c.get("caller"), orderInputOfBody(body));
  return c.json(detailBody(detail), 200);
};
