import { createRoute, z } from "@hono/zod-openapi";
import { getTemplate } from "../../domain/events/tracking-messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import {
  TRACKING_MESSAGE_TAG,
  TrackingMessageParams,
  TrackingMessageSchema,
  trackingMessageBody,
} from "./schemas";

export const getTrackingMessageRoute = createRoute({
  method: "get",
  path: "/tracking-message/{idtrackingmessage}",
  operationId: "getTrackingMessage",
  tags: [TRACKING_MESSAGE_TAG],
  summary: "Uma mensagem de rastreio",
  description: "Array com a mensagem, ou vazio quando o id não é de uma mensagem da empresa.",
  request: { params: TrackingMessageParams },
  responses: jsonOk(z.array(TrackingMessageSchema), "A mensagem"),
});

export const getTrackingMessage: AppRouteHandler<typeof getTrackingMessageRoute> = async (c) => {
  const { idtrackingmessage } = c.req.valid("param");
  const rows = await getTemplate(c.get("db"), c.get("caller").companyId, idtrackingmessage);
  return c.json(rows.map(trackingMessageBody), 200);
};
