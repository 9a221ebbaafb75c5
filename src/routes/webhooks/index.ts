import { EVENT_DESCRIPTIONS, EVENT_TYPES } from "../../domain/events/catalog";
import { createRouter } from "../../http/router";
import { createWebhook, createWebhookRoute } from "./create";
import { deleteWebhook, deleteWebhookRoute } from "./delete";
import { deliveryEnvelope } from "./event-catalog";
import { getWebhook, getWebhookRoute } from "./get";
import { listWebhooks, listWebhooksRoute } from "./list";
import { listWebhookEventTypes, listWebhookEventTypesRoute } from "./list-event-types";
import { rotateWebhookSecret, rotateWebhookSecretRoute } from "./rotate-secret";
import { WEBHOOK_TAG } from "./schemas";
import { updateWebhook, updateWebhookRoute } from "./update";

export const webhooksRouter = createRouter()
  .openapi(listWebhookEventTypesRoute, listWebhookEventTypes)
  .openapi(listWebhooksRoute, listWebhooks)
  .openapi(getWebhookRoute, getWebhook)
  .openapi(createWebhookRoute, createWebhook)
  .openapi(updateWebhookRoute, updateWebhook)
  .openapi(deleteWebhookRoute, deleteWebhook)
  .openapi(rotateWebhookSecretRoute, rotateWebhookSecret);

// The event catalog: one OpenAPI 3.1 `webhooks` entry per event type, the body a receiver gets.
for (const type of EVENT_TYPES)
  webhooksRouter.openAPIRegistry.registerWebhook({
    method: "post",
    path: type,
    operationId: `event_${type.replace(".", "_")}`,
    tags: [WEBHOOK_TAG],
    summary: type,
    description: `${EVENT_DESCRIPTIONS[type]} Cabeçalhos: \`X-Signature\`, \`X-Timestamp\`, \`X-Event-Id\`, \`X-Event-Type\`.`,
    request: {
      body: { required: true, content: { "application/json": { schema: deliveryEnvelope(type) } } },
    },
    responses: {
      200: {
        description: "Qualquer 2xx encerra a entrega; 410 desativa o webhook; o resto é tentado de novo",
      },
    },
  });
