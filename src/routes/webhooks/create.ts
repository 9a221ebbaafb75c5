import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import { createWebhook as createWebhookRow } from "../../domain/events/webhooks";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  isProduction,
  WEBHOOK_TAG,
  WebhookCreateSchema,
  WebhookWithSecretSchema,
  webhookBody,
  webhookInput,
} from "./schemas";

export const createWebhookRoute = createRoute({
  method: "post",
  path: "/webhook",
  operationId: "createWebhook",
  tags: [WEBHOOK_TAG],
  summary: "Cadastra um webhook",
  description:
    "Cria o endpoint e gera seu segredo, devolvido só nesta resposta (`Secret`). Cada evento assinado é enviado por POST " +
    'com `X-Signature: t=<timestamp>,v1=<HMAC-SHA256 hex de "<timestamp>.<corpo>">`, `X-Timestamp`, `X-Event-Id` e `X-Event-Type`. ' +
    `400 \`${M.urlInvalid}\`, \`${M.urlNotHttps}\`, \`${M.urlPrivate}\`, \`${M.eventTypesRequired}\`, \`Tipo de evento não existe: <tipo>\`.`,
  request: {
    body: jsonBody(
      WebhookCreateSchema.openapi({
        example: {
          Url: "https://erp.example.com/webhooks/financeiro",
          Description: "ERP",
          Events: ["bank_file.imported", "title.paid"],
        },
      }),
    ),
  },
  responses: jsonOk(z.array(WebhookWithSecretSchema), "Array com o webhook criado e seu segredo"),
});

export const createWebhook: AppRouteHandler<typeof createWebhookRoute> = async (c) => {
  const created = await createWebhookRow(
    c.get("db"),
    c.get("caller").companyId,
    webhookInput(c.req.valid("json")),
    isProduction(c.env.ENVIRONMENT),
  );
  return c.json(
    created.rows.map((row) => ({ ...webhookBody(row, created.timeZone), Secret: created.secret })),
    200,
  );
};
