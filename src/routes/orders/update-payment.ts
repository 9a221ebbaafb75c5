import { createRoute } from "@hono/zod-openapi";
import { ORDER_NOT_FOUND, ORDER_PAYMENT_NOT_FOUND } from "../../domain/orders/messages";
import { changeOrderPayment } from "../../domain/orders/payments";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonBody, jsonOk } from "../../http/schemas";
import { detailBody, RECEIVABLE_ROUTES, titleInput } from "../titles/schemas";
import { ORDERS_TAG, orderParams } from "./schemas/common";

const params = orderParams.extend({
  idaccountpayablereceivable: idPath("idaccountpayablereceivable").openapi({
    description: "A conta a receber de uma parcela do pedido",
  }),
});

export const updateOrderPaymentRoute = createRoute({
  method: "put",
  path: "/orders/{idorder}/payment/{idaccountpayablereceivable}",
  operationId: "updateOrderPayment",
  tags: [ORDERS_TAG],
  summary: "Altera a conta a receber de um pagamento do pedido",
  description:
    "O mesmo corpo e a mesma resposta de PUT /accounts/receivable/{idaccountreceivable} (o detalhe da conta, pelo mesmo " +
    "serializador). Um novo Value move o PaidValue do pedido no mesmo lote e não pode levar os pagamentos acima do total: " +
    "`Valor dos pagamentos (<x>) maior que o total do pedido (<y>)`. Conta que não é de um pagamento deste pedido: " +
    `\`${ORDER_PAYMENT_NOT_FOUND}\`; pedido de outra empresa: \`${ORDER_NOT_FOUND}\`.`,
  request: { params, body: jsonBody(RECEIVABLE_ROUTES.schemas.Update) },
  responses: jsonOk(RECEIVABLE_ROUTES.schemas.Detail, "A conta a receber alterada"),
});

export const updateOrderPayment: AppRouteHandler<typeof updateOrderPaymentRoute> = async (c) => {
  const { idorder, idaccountpayablereceivable } = c.req.valid("param");
  const detail = await changeOrderPayment(
    c.get("db"),
    c.get("caller"),
    idorder,
    idaccountpayablereceivable,
    titleInput(RECEIVABLE_ROUTES, c.req.valid("json")),
  );
  return c.json(detailBody(RECEIVABLE_ROUTES, detail), 200);
};
