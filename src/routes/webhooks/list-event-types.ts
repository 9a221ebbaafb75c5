import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_TYPES } from "../../domain/events/catalog";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { eventCatalogEntry } from "./event-catalog";
import { WEBHOOK_TAG } from "./schemas";

const EventTypeSchema = z
  .object({
    Type: z.string().openapi({ example: "bank_file.imported" }),
    Description: z.string().openapi({ example: "Arquivo de extrato (OFX) importado" }),
  })
  .openapi("WebhookEventType");

export const listWebhookEventTypesRoute = createRoute({
  method: "get",
  path: "/webhook-event-type",
  operationId: "listWebhookEventTypes",
  tags: [WEBHOOK_TAG],
  summary: "Tipos de evento",
  description:
    "Os tipos de evento que um webhook pode assinar. O corpo de cada um (com exemplo) está na seção `webhooks` deste documento.",
  responses: jsonOk(z.array(EventTypeSchema), "Tipos de evento"),
});

export const listWebhookEventTypes: AppRouteHandler<typeof listWebhookEventTypesRoute> = async (c) =>
  c.json(EVENT_TYPES.map(eventCatalogEntry), 200);
