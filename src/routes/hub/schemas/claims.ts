import { z } from "@hono/zod-openapi";
import type { HubAttachmentRow } from "../../../db/hub/attachments";
import type { ClaimView } from "../../../domain/hub/claims";
import { ATTACHMENT_NOT_SUPPORTED } from "../../../domain/hub/messages";
import { idField } from "../../../http/schemas";
import { SHIPPING_METHODS, type ShippingMethod } from "./common";

export const HubAttachmentSchema = z
  .object({
    IDHubAttachment: idField("Anexo"),
    IDIntegration: idField("Pedido do hub"),
    IDHubOrderClaim: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Reclamação do anexo (null quando anexado ao pedido)" }),
    FileName: z.string().openapi({ example: "nota-fiscal.pdf" }).openapi({ description: "Nome do arquivo" }),
    ContentType: z
      .string()
      .openapi({ example: "application/pdf" })
      .openapi({ description: "Tipo do arquivo" }),
    SizeBytes: z.number().int().openapi({ description: "Tamanho em bytes" }),
    ChannelAttachmentId: z.string().openapi({ description: "Id do anexo no canal" }),
    CreatedAt: z.string().openapi({ description: "Quando foi enviado (UTC)" }),
  })
  .openapi("HubAttachment");

export const attachmentBody = (row: HubAttachmentRow): z.infer<typeof HubAttachmentSchema> => ({
  IDHubAttachment: row.id,
  IDIntegration: row.hubOrderId,
  IDHubOrderClaim: row.claimId,
  FileName: row.fileName,
  ContentType: row.contentType,
  SizeBytes: row.sizeBytes,
  ChannelAttachmentId: row.channelAttachmentId,
  CreatedAt: row.createdAt,
});

export const AttachmentFormSchema = z
  .object({
    file: z.any().optional().openapi({
      type: "string",
      format: "binary",
      description: "O arquivo (o canal define extensões e tamanho aceitos)",
    }),
  })
  .openapi("HubAttachmentForm");

export const attachmentRequestBody = { content: { "multipart/form-data": { schema: AttachmentFormSchema } } };

export const ATTACHMENT_FAILURES = [
  "400 para cada falha, com a sua mensagem (nunca 5xx nem 502): arquivo não enviado (`Arquivo não enviado...`),",
  "arquivo inválido (vazio ou sem extensão: `Arquivo inválido...`), falha ao salvar (`Falha ao salvar o arquivo...`),",
  "recusa do canal por extensão ou tamanho (`O canal recusou o arquivo: ...`), canal sem anexos",
  `(\`${ATTACHMENT_NOT_SUPPORTED}\`), pedido da integração não encontrado (aqui ou no canal) e`,
  "integração não autenticada (ou com credenciais expiradas). O arquivo fica guardado (R2) só quando o canal o aceita.",
].join(" ");

const reputation = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
  .nullable()
  .openapi({
    type: ["integer", "null"],
    enum: [0, 1, 2, 3, null],
    description:
      "1 não afeta a reputação, 2 afeta, 3 não se aplica, 0 o canal não informou, null a consulta ao canal falhou",
  });

export const HubClaimSchema = z
  .object({
    IDHubOrderClaim: idField("Reclamação"),
    IDIntegration: idField("Pedido do hub"),
    IDCompanyIntegration: idField("Integração de canal"),
    Order: z.string().openapi({ description: "Número do pedido no canal" }),
    ChannelClaimId: z
      .string()
      .openapi({ example: "CL-6" })
      .openapi({ description: "Id da reclamação no canal" }),
    Reason: z.string().openapi({ description: "Motivo informado pelo comprador" }),
    ChannelStatus: z.string().openapi({ example: "opened" }).openapi({ description: "Status no canal" }),
    ShippingMethod: z
      .enum(SHIPPING_METHODS)
      .nullable()
      .openapi({ description: "Como o produto volta: `mail`, `entrusted`, `personal_delivery`, `email`" }),
    OpenedAt: z.string().openapi({ description: "Abertura (fuso da empresa)" }),
    ClaimAffectsReputation: reputation,
    ClaimLookupFailure: z
      .string()
      .nullable()
      .openapi({ description: "Por que a consulta ao canal falhou (null quando não falhou)" }),
    Attachments: z.array(HubAttachmentSchema).openapi({ description: "Anexos enviados ao canal" }),
  })
  .openapi("HubClaim");

export const claimBody = (view: ClaimView): z.infer<typeof HubClaimSchema> => ({
  IDHubOrderClaim: view.claim.id,
  IDIntegration: view.order.id,
  IDCompanyIntegration: view.claim.companyIntegrationId,
  Order: view.order.channelOrderId,
  ChannelClaimId: view.claim.channelClaimId,
  Reason: view.live?.reason ?? view.claim.reason,
  ChannelStatus: view.live?.status ?? view.claim.channelStatus,
  ShippingMethod: (view.live ? view.live.shippingMethod : view.claim.shippingMethod) as ShippingMethod,
  OpenedAt: view.claim.openedAt,
  ClaimAffectsReputation: view.live ? view.live.affectsReputation : null,
  ClaimLookupFailure: view.failure,
  Attachments: view.attachments.map(attachmentBody),
});
