import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../domain/orders/statuses";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { ORDER_STATUS_TAG, OrderStatusSchema, statusBody } from "./schemas";

export const listOrderStatusesRoute = createRoute({
  method: "get",
  path: "/type/order/status",
  operationId: "listOrderStatuses",
  tags: [ORDER_STATUS_TAG],
  summary: "Status de pedido com cor, flags e transições permitidas",
  description:
    "O fluxo brasileiro semeado em toda conta: 1 recebido, 2 aguardando pagamento, 3 pagamento aprovado, 4 em separação, " +
    "5 separado, 6 faturado (a saída do estoque), 7 enviado, 8 em trânsito, 9 entregue, 10 cancelado, 11 devolvido, " +
    "12 troca, 23 reservado para retirada, 50 a 56 orçamento (reservam estoque), 57 recusado, 58 expirado, 97 aguardando " +
    "retirada (não é tratamento). `NextStatuses` lista as transições permitidas; status final não muda.",
  responses: jsonOk(z.array(OrderStatusSchema), "Status em ordem de código"),
});

export const listOrderStatuses: AppRouteHandler<typeof listOrderStatusesRoute> = async (c) =>
  c.json((await domain.listOrderStatuses(c.get("db"))).map(statusBody), 200);
