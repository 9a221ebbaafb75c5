import { createRoute } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import { removeTemplate } from "../../domain/events/tracking-messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, SuccessStringSchema } from "../../http/schemas";
import { TRACKING_MESSAGE_TAG, TrackingMessageParams } from "./schemas";

export const deleteTrackingMessageRoute = createRoute({
  method: "delete",
  path: "/tracking-message/{idtrackingmessage}",
  operationId: "deleteTrackingMessage",
  tags: [TRACKING_MESSAGE_TAG],
  summary: "Exclui uma mensagem de rastreio",
  description: `Resposta: \`sucesso\`. 400 \`${M.trackingMessageNotFound}\`.`,
  request: { params: TrackingMessageParams },
  responses: jsonOk(SuccessStringSchema, "sucesso"),
});

export const deleteTrackingMessage: AppRouteHandler<typeof deleteTrackingMessageRoute> = async (c) => {
  const { idtrackingmessage } = c.req.valid("param");
  await removeTemplate(c.get("db"), c.get("caller").companyId, idtrackingmessage);
  return c.json("sucesso" as const, 200);
};
