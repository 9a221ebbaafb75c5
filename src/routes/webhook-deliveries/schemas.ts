import { z } from "@hono/zod-openapi";
import type { DeliveryLog } from "../../domain/events/delivery-log";
import { idPath } from "../../http/schemas";
import { inZone } from "../../lib/dates";

export const DELIVERY_TAG = "Webhook delivery";

export const DELIVERY_STATUSES = ["Pending", "Sending", "Delivered", "Failed", "Cancelled"] as const;

const AttemptSchema = z
  .object({
    Number: z
      .number()
      .int()
      .openapi({ example: 1, description: "Número da tentativa (segue contando nos reenvios)" }),
    Status: z.enum(["Delivered", "Retry", "Failed", "Disabled"]).openapi({
      description:
        "Delivered (2xx), Retry (outra tentativa agendada), Failed (fim das tentativas), Disabled (410: webhook desativado)",
    }),
    ResponseCode: z
      .number()
      .int()
      .nullable()
      .openapi({ example: 500, description: "Status HTTP do receptor; null sem resposta" }),
    Error: z.string().nullable().openapi({
      example: "timeout após 10000 ms",
      description: "O que houve sem resposta HTTP: timeout, conexão, URL recusada",
    }),
    DurationMs: z.number().int().openapi({ example: 184 }),
    AttemptedAt: z.string().openapi({ example: "2026-11-23 14:30:01" }),
    NextAttemptAt: z.string().nullable().openapi({ example: "2026-11-23 14:30:31" }),
  })
  .openapi("WebhookAttempt");

export const DeliverySchema = z
  .object({
    IDWebhookDelivery: z.number().int().openapi({ example: 1 }),
    IDWebhook: z.number().int().openapi({ example: 1 }),
    IDEvent: z.string().openapi({ example: "evt_6f1c2b0e9d8a4c3b8f7e6d5c4b3a2918" }),
    EventType: z.string().openapi({ example: "bank_file.imported" }),
    Status: z.enum(DELIVERY_STATUSES).openapi({
      description:
        "Pending (aguarda tentativa), Sending (em andamento), Delivered (2xx), Failed (fim das tentativas ou 410), Cancelled (webhook inativo)",
    }),
    Attempts: z.number().int().openapi({ example: 1 }),
    LastResponseCode: z.number().int().nullable().openapi({ example: 200 }),
    NextAttemptAt: z.string().nullable().openapi({ example: null }),
    DeliveredAt: z.string().nullable().openapi({ example: "2026-11-23 14:30:01" }),
    CreatedAt: z.string().openapi({ example: "2026-11-23 14:30:00" }),
    AttemptLog: z.array(AttemptSchema),
  })
  .openapi("WebhookDelivery");

export const DeliveryParams = z.object({ idwebhookdelivery: idPath("idwebhookdelivery") });

export function deliveryBodies(log: DeliveryLog): z.infer<typeof DeliverySchema>[] {
  const at = (utc: string | null) => inZone(utc, log.timeZone);
  return log.deliveries.map((d) => ({
    IDWebhookDelivery: d.id,
    IDWebhook: d.endpointId,
    IDEvent: d.eventUid,
    EventType: d.eventType,
    Status: d.status as (typeof DELIVERY_STATUSES)[number],
    Attempts: d.attempts,
    LastResponseCode: d.lastStatusCode,
    NextAttemptAt: d.status === "Pending" ? at(d.nextAttemptAt) : null,
    DeliveredAt: at(d.deliveredAt),
    CreatedAt: at(d.createdAt)!,
    AttemptLog: d.log.map((a) => ({
      Number: a.number,
      Status: a.status as "Delivered" | "Retry" | "Failed" | "Disabled",
      ResponseCode: a.responseCode,
      Error: a.error,
      DurationMs: a.durationMs,
      AttemptedAt: at(a.attemptedAt)!,
      NextAttemptAt: at(a.nextAttemptAt),
    })),
  }));
}
