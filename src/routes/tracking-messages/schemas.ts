import { z } from "@hono/zod-openapi";
import type { TrackingMessageRow } from "../../db/events/tracking-messages";
import { TEMPLATE_FIELDS } from "../../domain/events/templates";
import { flagBody, idBody, idPath, textBody } from "../../http/schemas";

export const TRACKING_MESSAGE_TAG = "Tracking message";

const PLACEHOLDERS = TEMPLATE_FIELDS.map((f) => `\`{{${f}}}\``).join(", ");

export const TrackingMessageSchema = z
  .object({
    IDTrackingMessage: z.number().int().openapi({ example: 1 }),
    IDTrackingStatus: z
      .number()
      .int()
      .openapi({ example: 3, description: "Status de rastreio que dispara a mensagem" }),
    TypeMessage: z
      .number()
      .int()
      .openapi({ example: 1, description: "1 e-mail, 2 webhook (evento `tracking.message`)" }),
    Subject: z.string().nullable().openapi({
      example: "Pedido {{Order.Number}} saiu para entrega",
      description: "Modelo do assunto (e-mail)",
    }),
    Body: z.string().openapi({
      description: "Modelo Mustache do texto",
      example:
        "Olá {{Order.CustomerName}}, seu pedido {{Order.Number}} está {{Tracking.Status}}{{#Tracking.Code}} ({{Tracking.Code}}){{/Tracking.Code}}.",
    }),
    Active: z.number().int().openapi({ example: 1, description: "1 dispara na transição; 0 não" }),
  })
  .openapi("TrackingMessage");

const template = (name: string) =>
  textBody(name, 10_000, { multiline: true }).openapi({
    description: `Modelo Mustache (sem lógica). Campos: ${PLACEHOLDERS}.`,
  });

export const TrackingMessageCreateSchema = z
  .object({
    IDTrackingStatus: idBody("IDTrackingStatus"),
    TypeMessage: z
      .union([z.literal(1), z.literal(2)], { error: "TypeMessage deve ser 1 (e-mail) ou 2 (webhook)" })
      .openapi({
        type: "integer",
        enum: [1, 2],
      }),
    Subject: textBody("Subject", 255)
      .openapi({ description: `Modelo Mustache (sem lógica), uma linha. Campos: ${PLACEHOLDERS}.` })
      .nullable()
      .optional(),
    Body: template("Body"),
    Active: flagBody("Active")
      .optional()
      .openapi({ default: 1, description: "1 dispara na transição; 0 não" }),
  })
  .openapi("TrackingMessageCreate");

export const TrackingMessageUpdateSchema =
  TrackingMessageCreateSchema.partial().openapi("TrackingMessageUpdate");

export const TrackingMessageParams = z.object({ idtrackingmessage: idPath("idtrackingmessage") });

export const trackingMessageInput = (body: z.infer<typeof TrackingMessageUpdateSchema>) => ({
  trackingStatusId: body.IDTrackingStatus,
  typeMessage: body.TypeMessage,
  subject: body.Subject,
  body: body.Body,
  active: body.Active,
});

export const trackingMessageBody = (row: TrackingMessageRow): z.infer<typeof TrackingMessageSchema> => ({
  IDTrackingMessage: row.id,
  IDTrackingStatus: row.trackingStatusId,
  TypeMessage: row.typeMessage,
  Subject: row.subject,
  Body: row.body,
  Active: row.active,
});
