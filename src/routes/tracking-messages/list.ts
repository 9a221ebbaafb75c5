import { createRoute, z } from "@hono/zod-openapi";
import { listTemplates } from "../../domain/events/tracking-messages";
import type { AppRouteHandler } from "../../http/router";
import { idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { TRACKING_MESSAGE_TAG, TrackingMessageSchema, trackingMessageBody } from "./schemas";

export const listTrackingMessagesRoute = createRoute({
  method: "get",
  path: "/tracking-message",
  operationId: "listTrackingMessages",
  tags: [TRACKING_MESSAGE_TAG],
  summary: "Lista as mensagens de rastreio",
  description: "Modelos de e-mail e webhook por status de rastreio, 5000 por página.",
  request: {
    query: z.object({ IDTrackingStatus: idQuery("IDTrackingStatus", "Só deste status"), Page: pageQuery }),
  },
  responses: jsonOk(z.array(TrackingMessageSchema), "Mensagens de rastreio"),
});

export const listTrackingMessages: AppRouteHandler<typeof listTrackingMessagesRoute> = async (c) => {
  const query = c.req.valid("query");
  const rows = await listTemplates(c.get("db"), c.get("caller").companyId, {
    trackingStatusId: query.IDTrackingStatus,
    page: query.Page,
  });
  return c.json(rows.map(trackingMessageBody), 200);
};
