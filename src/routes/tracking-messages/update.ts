import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import { changeTemplate } from "../../domain/events/tracking-messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  TRACKING_MESSAGE_TAG,
  TrackingMessageParams,
  TrackingMessageSchema,
  TrackingMessageUpdateSchema,
  trackingMessageBody,
  trackingMessageInput,
} from "./schemas";

export const updateTrackingMessageRoute = createRoute({
  method: "put",
  path: "/tracking-message/{idtrackingmessage}",
  operationId: "updateTrackingMessage",
  tags: [TRACKING_MESSAGE_TAG],
  summary: "Altera uma mensagem de rastreio",
  description: `Só os campos enviados mudam. 400 \`${M.trackingMessageNotFound}\` e as validações do cadastro.`,
  request: {
    params: TrackingMessageParams,
    body: jsonBody(TrackingMessageUpdateSchema.openapi({ example: { Active: 0 } })),
  },
  responses: jsonOk(z.array(TrackingMessageSchema), "Array com a mensagem alterada"),
});

export const updateTrackingMessage: AppRouteHandler<typeof updateTrackingMessageRoute> = async (c) => {
  const { idtrackingmessage } = c.req.valid("param");
  const row = await changeTemplate(
    c.get("db"),
    c.get("caller").companyId,
    idtrackingmessage,
    trackingMessageInput(c.req.valid("json")),
  );
  return c.json([trackingMessageBody(row)], 200);
};
