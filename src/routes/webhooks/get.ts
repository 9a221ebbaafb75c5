import { createRoute, z } from "@hono/zod-openapi";
import { getWebhook as getWebhookRow } from "../../domain/events/webhooks";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { WEBHOOK_TAG, WebhookParams, WebhookSchema, webhookBody } from "./schemas";

export const getWebhookRoute = createRoute({
  method: "get",
  path: "/webhook/{idwebhook}",
  operationId: "getWebhook",
  tags: [WEBHOOK_TAG],
  summary: "Um webhook",
  description: "Array com o webhook, ou vazio quando o id não é de um webhook da empresa.",
  request: { params: WebhookParams },
  responses: jsonOk(z.array(WebhookSchema), "O webhook"),
});

export const getWebhook: AppRouteHandler<typeof getWebhookRoute> = async (c) => {
  const { idwebhook } = c.req.valid("param");
  const view = await getWebhookRow(c.get("db"), c.get("caller").companyId, idwebhook);
  return c.json(
    view.rows.map((row) => webhookBody(row, view.timeZone)),
    200,
  );
};
