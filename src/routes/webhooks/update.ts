import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import { changeWebhook } from "../../domain/events/webhooks";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  isProduction,
  WEBHOOK_TAG,
  WebhookParams,
  WebhookSchema,
  WebhookUpdateSchema,
  webhookBody,
  webhookInput,
} from "./schemas";

export const updateWebhookRoute = createRoute({
  method: "put",
  path: "/webhook/{idwebhook}",
  operationId: "updateWebhook",
  tags: [WEBHOOK_TAG],
  summary: "Altera um webhook",
  description:
    "Só os campos enviados mudam. `Active` 1 reativa um endpoint desativado por um 410. " +
    `400 \`${M.webhookNotFound}\` e as validações do cadastro.`,
  request: {
    params: WebhookParams,
    body: jsonBody(WebhookUpdateSchema.openapi({ example: { Active: 1 } })),
  },
  responses: jsonOk(z.array(WebhookSchema), "Array com o webhook alterado"),
});

export const updateWebhook: AppRouteHandler<typeof updateWebhookRoute> = async (c) => {
  const { idwebhook } = c.req.valid("param");
  const view = await changeWebhook(
    c.get("db"),
    c.get("caller").companyId,
    idwebhook,
    webhookInput(c.req.valid("json")),
    isProduction(c.env.ENVIRONMENT),
  );
  return c.json(
    view.rows.map((row) => webhookBody(row, view.timeZone)),
    200,
  );
};
