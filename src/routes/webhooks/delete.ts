import { createRoute } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import { removeWebhook } from "../../domain/events/webhooks";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, SuccessStringSchema } from "../../http/schemas";
import { WEBHOOK_TAG, WebhookParams } from "./schemas";

export const deleteWebhookRoute = createRoute({
  method: "delete",
  path: "/webhook/{idwebhook}",
  operationId: "deleteWebhook",
  tags: [WEBHOOK_TAG],
  summary: "Exclui um webhook",
  description: `Remove o endpoint com suas entregas e tentativas. Resposta: \`sucesso\`. 400 \`${M.webhookNotFound}\`.`,
  request: { params: WebhookParams },
  responses: jsonOk(SuccessStringSchema, "sucesso"),
});

export const deleteWebhook: AppRouteHandler<typeof deleteWebhookRoute> = async (c) => {
  const { idwebhook } = c.req.valid("param");
  await removeWebhook(c.get("db"), c.get("caller").companyId, idwebhook);
  return c.json("sucesso" as const, 200);
};
