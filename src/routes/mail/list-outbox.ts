import { createRoute, z } from "@hono/zod-openapi";
import { mailOutbox } from "../../domain/events/mail";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { inZone } from "../../lib/dates";

const MailSchema = z
  .object({
    IDMail: z.number().int().openapi({ example: 1 }),
    To: z.string().openapi({ example: "cliente@example.com" }),
    Subject: z.string().openapi({ example: "Pedido 1001 saiu para entrega", description: "Assunto" }),
    Body: z.string().openapi({
      example: "Olá Maria, seu pedido 1001 está em rota de entrega.",
      description: "Texto do e-mail",
    }),
    Status: z.enum(["Pending", "Sending", "Sent", "Failed"]).openapi({ example: "Sent" }),
    Transport: z.string().nullable().openapi({
      example: "local",
      description: "`local` (desenvolvimento: só fica aqui) ou `send_email` (Cloudflare)",
    }),
    Error: z.string().nullable().openapi({ example: null, description: "Motivo da falha de envio" }),
    CreatedAt: z.string().openapi({ example: "2026-11-23 14:30:00" }),
    SentAt: z.string().nullable().openapi({ example: "2026-11-23 14:30:01" }),
  })
  .openapi("MailMessage");

export const listMailOutboxRoute = createRoute({
  method: "get",
  path: "/mail/outbox",
  operationId: "listMailOutbox",
  tags: ["Mail"],
  summary: "E-mails enviados pela API",
  description:
    "Caixa de saída: cada e-mail (mensagens de rastreio), mais novos primeiro, 5000 por página. Em desenvolvimento nada sai da " +
    "máquina e a mensagem enviada é lida aqui; em produção vai pelo `send_email` da Cloudflare.",
  request: { query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(MailSchema), "E-mails"),
});

export const listMailOutbox: AppRouteHandler<typeof listMailOutboxRoute> = async (c) => {
  const { rows, timeZone } = await mailOutbox(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("query").Page,
  );
  return c.json(
    rows.map((row) => ({
      IDMail: row.id,
      To: row.toAddress,
      Subject: row.subject,
      Body: row.body,
      Status: row.status as "Pending" | "Sending" | "Sent" | "Failed",
      Transport: row.transport,
      Error: row.error,
      CreatedAt: inZone(row.createdAt, timeZone)!,
      SentAt: inZone(row.sentAt, timeZone),
    })),
    200,
  );
};
