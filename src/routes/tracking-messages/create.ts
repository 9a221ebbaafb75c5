import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import { createTemplate } from "../../domain/events/tracking-messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  TRACKING_MESSAGE_TAG,
  TrackingMessageCreateSchema,
  TrackingMessageSchema,
  trackingMessageBody,
  trackingMessageInput,
} from "./schemas";

export const createTrackingMessageRoute = createRoute({
  method: "post",
  path: "/tracking-message",
  operationId: "createTrackingMessage",
  tags: [TRACKING_MESSAGE_TAG],
  summary: "Cadastra uma mensagem de rastreio",
  description:
    "Um modelo por status de rastreio e tipo (1 e-mail ao cliente do pedido, 2 webhook `tracking.message`), disparado quando " +
    `o pedido entra no status (\`IDTrackingStatus\`: um status de pedido de \`GET /type/order/status\`). 400 \`${M.trackingStatusNotFound}\`, \`${M.trackingMessageExists}\`, \`${M.subjectRequired}\`, \`Modelo inválido: <motivo>\`, ` +
    "`Campo desconhecido no modelo: <campo>`.",
  request: {
    body: jsonBody(
      TrackingMessageCreateSchema.openapi({
        example: {
          IDTrackingStatus: 3,
          TypeMessage: 1,
          Subject: "Pedido {{Order.Number}} saiu para entrega",
          Body: "Olá {{Order.CustomerName}}, seu pedido {{Order.Number}} está {{Tracking.Status}}.",
        },
      }),
    ),
  },
  responses: jsonOk(z.array(TrackingMessageSchema), "Array com a mensagem criada"),
});

export const createTrackingMessage: AppRouteHandler<typeof createTrackingMessageRoute> = async (c) => {
  const row = await createTemplate(
    c.get("db"),
    c.get("caller").companyId,
    trackingMessageInput(c.req.valid("json")),
  );
  return c.json([trackingMessageBody(row)], 200);
};
