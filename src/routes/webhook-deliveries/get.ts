import { createRoute, z } from "@hono/zod-openapi";
import { deliveryDetail } from "../../domain/events/delivery-log";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { DELIVERY_TAG, DeliveryParams, DeliverySchema, deliveryBodies } from "./schemas";

export const getWebhookDeliveryRoute = createRoute({
  method: "get",
  path: "/webhook-delivery/{idwebhookdelivery}",
  operationId: "getWebhookDelivery",
  tags: [DELIVERY_TAG],
  summary: "Uma entrega e suas tentativas",
  description: `Array com a entrega. 400 \`${M.deliveryNotFound}\`.`,
  request: { params: DeliveryParams },
  responses: jsonOk(z.array(DeliverySchema), "A entrega"),
});

export const getWebhookDelivery: AppRouteHandler<typeof getWebhookDeliveryRoute> = async (c) => {
  const { idwebhookdelivery } = c.req.valid("param");
  return c.json(
    deliveryBodies(await deliveryDetail(c.get("db"), c.get("caller").companyId, idwebhookdelivery)),
    200,
  );
};
