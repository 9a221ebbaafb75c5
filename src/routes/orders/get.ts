import { createRoute } from "@hono/zod-openapi";
import { ORDER_NOT_FOUND } from "../../domain/orders/messages";
import { orderWithReceipt } from "../../domain/orders/read";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { ORDERS_TAG, orderParams } from "./schemas/common";
import { detailBody, OrderDetailSchema } from "./schemas/orders";

export const getOrderRoute = createRoute({
  method: "get",
  path: "/orders/{idorder}",
  operationId: "getOrder",
  tags: [ORDERS_TAG],
  summary: "Um pedido: cabeçalho, itens, histórico de status, totais e vale-troca",
  description:
    "`ExchangeReceiptBase64Encode` é o vale-troca do pedido, um PDF (A4, gerado com @pdfme/pdf-lib) em base64: empresa, pedido, " +
    `data, cliente e cada item com sua quantidade, sem preços. Pedido de outra empresa ou inexistente: 400 \`${ORDER_NOT_FOUND}\`.`,
  request: { params: orderParams },
  responses: jsonOk(OrderDetailSchema, "O pedido"),
});

export const getOrder: AppRouteHandler<typeof getOrderRoute> = async (c) => {
  const { detail, exchangeReceipt } = await orderWithReceipt(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idorder,
  );
  return c.json(detailBody(detail, exchangeReceipt), 200);
};
