import { createRoute, z } from "@hono/zod-openapi";
import { deliveryLog } from "../../domain/events/delivery-log";
import type { AppRouteHandler } from "../../http/router";
import { idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { DELIVERY_STATUSES, DELIVERY_TAG, DeliverySchema, deliveryBodies } from "./schemas";

export const listWebhookDeliveriesRoute = createRoute({
  method: "get",
  path: "/webhook-delivery",
  operationId: "listWebhookDeliveries",
  tags: [DELIVERY_TAG],
  summary: "Log de entregas de webhooks",
  description:
    "Cada evento enviado a cada webhook, mais novos primeiro, 5000 por página, com todas as tentativas " +
    "(status, código de resposta, duração, próxima tentativa).",
  request: {
    query: z.object({
      IDWebhook: idQuery("IDWebhook", "Só as entregas deste webhook"),
      Status: z
        .enum(DELIVERY_STATUSES)
        .optional()
        .openapi({ param: { name: "Status", in: "query" }, description: "Só as entregas neste status" }),
      EventType: z
        .string()
        .max(64)
        .optional()
        .openapi({ param: { name: "EventType", in: "query" }, description: "Só este tipo de evento" }),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(DeliverySchema), "Entregas"),
});

export const listWebhookDeliveries: AppRouteHandler<typeof listWebhookDeliveriesRoute> = async (c) => {
  const query = c.req.valid("query");
  const log = await deliveryLog(c.get("db"), c.get("caller").companyId, {
    endpointId: query.IDWebhook,
    status: query.Status,
    eventType: query.EventType,
    page: query.Page,
  });
  return c.json(deliveryBodies(log), 200);
};
