import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_MESSAGES as M } from "../../domain/events/messages";
import {
  DEFAULT_GRACE_HOURS,
  MAX_GRACE_HOURS,
  rotateWebhookSecret as rotate,
} from "../../domain/events/webhooks";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { WEBHOOK_TAG, WebhookParams, WebhookWithSecretSchema, webhookBody } from "./schemas";

const RotateSchema = z
  .object({
    GracePeriodHours: z
      .number()
      .min(0, `GracePeriodHours deve estar entre 0 e ${MAX_GRACE_HOURS}`)
      .max(MAX_GRACE_HOURS, `GracePeriodHours deve estar entre 0 e ${MAX_GRACE_HOURS}`)
      .optional()
      .openapi({
        default: DEFAULT_GRACE_HOURS,
        description: "Horas em que o segredo anterior ainda assina (0: deixa de valer já)",
      }),
  })
  .openapi("WebhookSecretRotation");

export const rotateWebhookSecretRoute = createRoute({
  method: "post",
  path: "/webhook/{idwebhook}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags: [WEBHOOK_TAG],
  summary: "Gera um novo segredo do webhook",
  description:
    "O novo segredo vem só nesta resposta. Durante o período de carência cada entrega leva duas assinaturas " +
    "(`t=…,v1=<novo>,v1=<anterior>`), então o receptor aceita com qualquer dos dois e troca sem perder entregas. " +
    `400 \`${M.webhookNotFound}\`.`,
  request: {
    params: WebhookParams,
    body: jsonBody(RotateSchema.openapi({ example: { GracePeriodHours: 24 } })),
  },
  responses: jsonOk(z.array(WebhookWithSecretSchema), "Array com o webhook e o novo segredo"),
});

export const rotateWebhookSecret: AppRouteHandler<typeof rotateWebhookSecretRoute> = async (c) => {
  const { idwebhook } = c.req.valid("param");
  const rotated = await rotate(
    c.get("db"),
    c.get("caller").companyId,
    idwebhook,
    c.req.valid("json").GracePeriodHours,
  );
  return c.json(
    rotated.rows.map((row) => ({ ...webhookBody(row, rotated.timeZone), Secret: rotated.secret })),
    200,
  );
};
