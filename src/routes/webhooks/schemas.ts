import { z } from "@hono/zod-openapi";
import type { WebhookEndpointRow } from "../../db/events/endpoints";
import { flagBody, idPath, textBody, urlBody } from "../../http/schemas";
import { inZone } from "../../lib/dates";

export const WEBHOOK_TAG = "Webhook";

const EVENTS_EXAMPLE = ["bank_file.imported", "bank_line.reconciled", "title.paid"];

export const WebhookSchema = z
  .object({
    IDWebhook: z.number().int().openapi({ example: 1 }),
    Url: z.string().openapi({ example: "https://erp.example.com/webhooks/financeiro" }),
    Description: z.string().nullable().openapi({ example: "ERP" }),
    Events: z
      .array(z.string())
      .openapi({ example: EVENTS_EXAMPLE, description: "Tipos de evento assinados" }),
    Active: z.number().int().openapi({ example: 1, description: "1 recebe entregas; 0 desativado" }),
    DisabledReason: z
      .string()
      .nullable()
      .openapi({ description: "Por que uma entrega o desativou (receptor respondeu 410)", example: null }),
    MaxPerSecond: z.number().int().openapi({ example: 50, description: "Entregas por segundo no máximo" }),
    SecretHint: z.string().openapi({
      example: "whsec_…Q2xk",
      description: "Final do segredo atual (o segredo só aparece na criação e na rotação)",
    }),
    PreviousSecretExpiresAt: z.string().nullable().openapi({
      example: null,
      description: "Até quando o segredo anterior ainda assina (segundo `v1=`), após uma rotação",
    }),
    CreatedAt: z.string().openapi({ example: "2026-11-23 20:05:00" }),
    UpdatedAt: z.string().openapi({ example: "2026-11-23 20:05:00" }),
  })
  .openapi("Webhook");

export const WebhookWithSecretSchema = WebhookSchema.extend({
  Secret: z.string().openapi({
    example: "whsec_3q2+7wQ6nA0xJ9yL0cZb1mVtR5uE8sK4hG2fD6aP1Q",
    description: "Segredo de assinatura (HMAC-SHA256). Mostrado só nesta resposta: guarde-o.",
  }),
}).openapi("WebhookWithSecret");

const eventsBody = z
  .array(z.string().max(64))
  .max(50)
  .openapi({ example: EVENTS_EXAMPLE, description: "Tipos de evento (veja `GET /webhook-event-type`)" });

export const WebhookCreateSchema = z
  .object({
    Url: urlBody("Url")
      .optional()
      .openapi({ description: "https e endereço público em produção; localmente também http e loopback" }),
    Description: textBody("Description", 255, { multiline: true }).nullable().optional(),
    Events: eventsBody.optional(),
    Active: flagBody("Active")
      .optional()
      .openapi({ default: 1, description: "1 recebe entregas; 0 desativado" }),
    MaxPerSecond: z
      .number()
      .int("MaxPerSecond deve ser um número inteiro")
      .min(1, "MaxPerSecond deve estar entre 1 e 1000")
      .max(1000, "MaxPerSecond deve estar entre 1 e 1000")
      .optional()
      .openapi({ default: 50 }),
  })
  .openapi("WebhookCreate");

export const WebhookUpdateSchema = WebhookCreateSchema.openapi("WebhookUpdate");

export const WebhookParams = z.object({ idwebhook: idPath("idwebhook") });

export const webhookInput = (body: z.infer<typeof WebhookCreateSchema>) => ({
  url: body.Url,
  description: body.Description,
  events: body.Events,
  active: body.Active,
  maxPerSecond: body.MaxPerSecond,
});

export function webhookBody(row: WebhookEndpointRow, timeZone: string): z.infer<typeof WebhookSchema> {
  return {
    IDWebhook: row.id,
    Url: row.url,
    Description: row.description,
    Events: JSON.parse(row.eventTypes) as string[],
    Active: row.active,
    DisabledReason: row.disabledReason,
    MaxPerSecond: row.maxPerSecond,
    SecretHint: `whsec_…${row.secret.slice(-4)}`,
    PreviousSecretExpiresAt: row.previousSecret ? inZone(row.previousSecretExpiresAt, timeZone) : null,
    CreatedAt: inZone(row.createdAt, timeZone)!,
    UpdatedAt: inZone(row.updatedAt, timeZone)!,
  };
}

/** Production rules for webhook URLs unless the Worker says it runs in development. */
export const isProduction = (environment: string | undefined) => environment !== "development";
