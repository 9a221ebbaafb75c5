import { createRoute, z } from "@hono/zod-openapi";
import { redeliver } from "../../domain/events/delivery-log";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { DELIVERY_TAG, DeliveryParams, DeliverySchema, deliveryBodies } from "./schemas";

export const redeliverWebhookDeliveryRoute = createRoute({
  method: "post",
  path: "/webhook-delivery/{idwebhookdelivery}/redeliver",
  operationId: "redeliverWebhookDelivery",
  tags: [DELIVERY_TAG],
  summary: "Reenvia uma entrega",
  description:
    "Nova rodada de tentativas (com retentativas e limite próprios) de uma entrega encerrada: entregue, falha ou cancelada. " +
    "Vai o mesmo `X-Event-Id`, para o receptor idempotente ignorar o que já tem. " +
    `400 \`${M.deliveryNotFound}\`, \`${M.deliveryInProgress}\`.`,
  request: { params: DeliveryParams },
  responses: jsonOk(z.array(DeliverySchema), "A entrega, pendente de nova tentativa"),
});

export const redeliverWebhookDelivery: AppRouteHandler<typeof redeliverWebhookDeliveryRoute> = async (c) => {
  const { idwebhookdelivery } = c.req.valid("param");
  const log = await redeliver(
    c.get("db"),
    c.env.EVENTS,
    c.get("account"),
    c.get("caller").companyId,
    idwebhookdelivery,
  );
  return c.json(deliveryBodies(log), 200);
};
