import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { HubAttachmentRow } from "../../db/hub/attachments";
import { CHANNEL_KINDS } from "../../domain/hub/channel-kinds";
import type { ClaimView } from "../../domain/hub/claims";
import type { ChannelIntegration, HubDeps } from "../../domain/hub/integrations";
import { ATTACHMENT_NOT_SENT } from "../../domain/hub/messages";
import type { HubOrderDetail, HubOrderSummary } from "../../domain/hub/orders";
import type { HubProductView, SyncAnswer } from "../../domain/hub/products";
import type { AppEnv } from "../../env";
import { dateTimeString, flagBody, INT32_MAX, idBody, idPath, textBody } from "../../http/schemas";
import { badRequest } from "../../lib/errors";
import { idField, requiredText, statusField } from "../registries/fields";

export const HUB_TAG = "Hub" as const;

/** What the hub's domain functions need from the request. */
export const hubDeps = (c: Context<AppEnv>): HubDeps => ({
  db: c.get("db"),
  companyId: c.get("caller").companyId,
  credentialsKey: c.env.HUB_CREDENTIALS_KEY,
  now: new Date(),
});

export const integrationParams = z.object({ idcompanyintegration: idPath("idcompanyintegration") });

const kindIds = CHANNEL_KINDS.map((kind) => kind.id);
const kindList = CHANNEL_KINDS.map((kind) => `${kind.id} ${kind.salesChannel.name}`).join(", ");

export const ChannelKindSchema = z
  .object({
    IDTypeCompanyIntegration: idField("Tipo de integração de canal"),
    Code: z
      .string()
      .openapi({ example: "sandbox-marketplace" })
      .openapi({ description: "Código do tipo de canal" }),
    Description: z.string().openapi({ description: "Descrição da integração" }),
    ChannelType: z
      .enum(["marketplace", "webstore"])
      .openapi({ description: "`marketplace` ou `webstore` (loja virtual)" }),
    IDSalesChannel: idField("Canal de venda"),
    SalesChannel: z
      .string()
      .openapi({ example: "Sandbox Marketplace" })
      .openapi({ description: "Nome do canal de venda" }),
    SalesChannelLogoUrl: z
      .string()
      .openapi({ description: "Logo do canal (URL; data URL nos canais sandbox)" }),
    Sandbox: z
      .union([z.literal(0), z.literal(1)])
      .openapi({ description: "Configuração do canal sandbox (null em canais reais)" }),
  })
  .openapi("HubChannelKind");

export const SandboxSettingsSchema = z
  .object({
    Mode: z
      .enum(["normal", "garbage", "timeout"], { error: "Sandbox.Mode deve ser normal, garbage ou timeout" })
      .optional()
      .openapi({
        description:
          "`normal`; `garbage`: o canal responde algo que não é o seu formato; `timeout`: o canal não responde a tempo",
      }),
    Orders: z
      .number({ error: "Sandbox.Orders deve ser um número inteiro" })
      .int("Sandbox.Orders deve ser um número inteiro")
      .min(0, "Sandbox.Orders não pode ser negativo")
      .max(100_000, "Sandbox.Orders aceita no máximo 100000")
      .optional()
      .openapi({
        description: "Quantos pedidos o canal sandbox tem para a integração (padrão 20)",
        example: 20,
      }),
    SkuCodes: z
      .array(textBody("Sandbox.SkuCodes", 60).min(1, "Sandbox.SkuCodes não aceita código vazio"))
      .min(1, "Sandbox.SkuCodes deve ter ao menos um código")
      .max(50, "Sandbox.SkuCodes aceita no máximo 50 códigos")
      .optional()
      .openapi({
        description: "Códigos de SKU do canal usados nos itens dos pedidos sandbox",
        example: ["SBX-CAMISETA-P", "SBX-BONE"],
      }),
  })
  .strict()
  .openapi("HubSandboxSettings");

const CredentialsSchema = z
  .object({
    ClientId: requiredText("Credentials.ClientId", 200)
      .openapi({ example: "loja-demo" })
      .openapi({ description: "Identificação da conta no canal" }),
    ClientSecret: requiredText("Credentials.ClientSecret", 500)
      .openapi({ example: "segredo-da-loja-123" })
      .openapi({ description: "Segredo da conta no canal (somente escrita)" }),
  })
  .openapi({
    description:
      "Credenciais do canal (somente escrita): guardadas criptografadas (AES-GCM), nunca devolvidas nem registradas em log. O canal as confere ao gravar; recusadas -> 400.",
  });

const expireAtBody = dateTimeString("CredentialsExpireAt", { complete: true }).nullable().openapi({
  example: "2027-06-30 23:59:59",
  description: "Validade das credenciais informada pelo canal (UTC)",
});

const warehouseBody = idBody("IDWarehouseHub")
  .nullable()
  .openapi({ description: "Depósito de onde saem os pedidos do canal" });

const paymentTypeBody = idBody("IDTypePayment").nullable().openapi({
  description:
    "Tipo de pagamento do recebível que cada pedido criado do canal ganha pelo seu total (o repasse do canal; GET /accounts/receivable/marketplace-conciliation o confere). null: pedidos sem pagamentos",
});

/** What both the creation and a change of an integration may set. */
const integrationSettings = {
  Credentials: CredentialsSchema.optional(),
  CredentialsExpireAt: expireAtBody.optional(),
  IDWarehouseHub: warehouseBody.optional(),
  IDTypePayment: paymentTypeBody.optional(),
  Sandbox: SandboxSettingsSchema.optional().openapi({
    description: "Configuração do canal sandbox (null em canais reais)",
  }),
};

export const HubIntegrationCreateSchema = z
  .object({
    Description: requiredText("Description", 150)
      .openapi({ example: "Marketplace sandbox" })
      .openapi({ description: "Descrição da integração" }),
    IDTypeCompanyIntegration: z
      .number({ error: "IDTypeCompanyIntegration deve ser um número inteiro" })
      .int("IDTypeCompanyIntegration deve ser um número inteiro")
      .min(1, "IDTypeCompanyIntegration deve ser maior que zero")
      .max(INT32_MAX, "IDTypeCompanyIntegration excede o limite int32")
      .openapi({
        description: `Tipo de canal (GET /hub/integration/type): ${kindList}`,
        example: kindIds[0],
      }),
    ...integrationSettings,
  })
  .openapi("HubIntegrationCreate");

export const HubIntegrationUpdateSchema = z
  .object({
    Description: requiredText("Description", 150)
      .optional()
      .openapi({ description: "Descrição da integração" }),
    ...integrationSettings,
  })
  .openapi("HubIntegrationUpdate");

export const HubIntegrationSchema = z
  .object({
    IDCompanyIntegration: idField("Id da integração (mesmo id de /company/integration, Kind HUB)"),
    Description: z.string().openapi({ description: "Descrição da integração" }),
    Kind: z
      .literal("HUB")
      .openapi({ description: "Sempre `HUB` (o tipo do registro em /company/integration)" }),
    IDTypeCompanyIntegration: idField("Tipo de canal"),
    TypeCompanyIntegration: z.string().openapi({ description: "Descrição do tipo de canal" }),
    IDSalesChannel: idField("Canal de venda"),
    SalesChannelLogoUrl: z
      .string()
      .openapi({ description: "Logo do canal (URL; data URL nos canais sandbox)" }),
    AuthenticationStatus: z.enum(["Authenticated", "Expired", "NotAuthenticated", "Refused"]).openapi({
      description: "Estado da autenticação no canal; `Expired` quando CredentialsExpireAt passou",
    }),
    HasCredentials: z
      .union([z.literal(0), z.literal(1)])
      .openapi({ description: "1 quando há credenciais guardadas (elas nunca são devolvidas)" }),
    CredentialsExpireAt: z.string().nullable().openapi({ description: "UTC; null sem validade" }),
    IDWarehouseHub: z
      .string()
      .nullable()
      .openapi({ description: "Depósito do hub (texto, como nos pedidos)" }),
    IDTypePayment: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Tipo de pagamento do recebível de cada pedido criado; null: sem pagamentos" }),
    Sandbox: SandboxSettingsSchema.required()
      .nullable()
      .openapi({ description: "Configuração do canal sandbox (null em canais reais)" }),
    Cursor: z.string().openapi({ description: "Posição do canal após o último pedido importado" }),
    SettlementCursor: z.string().openapi({ description: "Posição do canal após o último repasse importado" }),
    LastPullAt: z.string().nullable().openapi({ description: "Última importação (UTC)" }),
    Status: statusField,
  })
  .openapi("HubIntegration");

export const integrationBody = (view: ChannelIntegration): z.infer<typeof HubIntegrationSchema> => ({
  IDCompanyIntegration: view.row.companyIntegrationId,
  Description: view.row.description,
  Kind: "HUB",
  IDTypeCompanyIntegration: view.kind.id,
  TypeCompanyIntegration: view.kind.description,
  IDSalesChannel: view.kind.salesChannel.id,
  SalesChannelLogoUrl: view.kind.salesChannel.logoUrl,
  AuthenticationStatus: view.status,
  HasCredentials: view.row.credentials ? 1 : 0,
  CredentialsExpireAt: view.row.authExpiresAt,
  IDWarehouseHub: view.row.warehouseId === null ? null : String(view.row.warehouseId),
  IDTypePayment: view.row.paymentTypeId,
  Sandbox: view.kind.sandbox ? view.sandbox : null,
  Cursor: view.row.cursor,
  SettlementCursor: view.row.settlementCursor,
  LastPullAt: view.row.lastPullAt,
  Status: view.row.status,
});

/** The body's fields as the domain names them. */
export const integrationInput = (body: z.infer<typeof HubIntegrationUpdateSchema>) => ({
  description: body.Description,
  credentials: body.Credentials,
  credentialsExpireAt: body.CredentialsExpireAt,
  warehouseId: body.IDWarehouseHub,
  paymentTypeId: body.IDTypePayment,
  sandbox: body.Sandbox,
});

// ---- Hub orders -------------------------------------------------------------------------------

const money = z.number().openapi({ type: "number", multipleOf: 0.01, example: 149.9 });

export const HubOrderItemSchema = z
  .object({
    Index: z.number().int().openapi({ description: "Linha do item no pedido do canal (a partir de 0)" }),
    ChannelSkuCode: z
      .string()
      .openapi({ example: "SBX-CAMISETA-P" })
      .openapi({ description: "Código da SKU no canal" }),
    IDSku: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "SKU da empresa com esse código; null quando não mapeado" }),
    SkuCode: z.string().nullable().openapi({ description: "Código da SKU na empresa" }),
    SkuName: z.string().nullable().openapi({ description: "Nome da SKU na empresa" }),
    Title: z.string().openapi({ description: "Título do anúncio" }),
    Quantity: z.number().int().openapi({ description: "Quantidade" }),
    UnitPrice: money.openapi({ description: "Preço unitário" }),
    Discount: money.openapi({ description: "Desconto do item" }),
    Total: money.openapi({ description: "Preço x quantidade - desconto" }),
  })
  .openapi("HubOrderItem");

export const HubOrderClaimSummarySchema = z
  .object({
    IDHubOrderClaim: idField("Reclamação (GET /hub/order/claim/{idhuborderclaim})"),
    ChannelClaimId: z.string().openapi({ description: "Id da reclamação no canal" }),
    Reason: z.string().openapi({ description: "Motivo informado pelo comprador" }),
    ChannelStatus: z.string().openapi({ description: "Status no canal" }),
    ShippingMethod: z
      .enum(["mail", "entrusted", "personal_delivery", "email"])
      .nullable()
      .openapi({ description: "Forma de envio informada pelo canal" }),
    OpenedAt: z.string().openapi({ description: "Abertura (fuso da empresa)" }),
  })
  .openapi("HubOrderClaimSummary");

const hubOrderFields = {
  IDIntegration: idField("Id do pedido do hub (o `{idintegration}` de GET /hub/order/{idintegration})"),
  IDCompanyIntegration: idField("Integração de canal"),
  IDTypeCompanyIntegration: idField("Tipo de canal"),
  IDSalesChannel: idField("Canal de venda"),
  SalesChannel: z
    .string()
    .openapi({ example: "Sandbox Marketplace" })
    .openapi({ description: "Nome do canal de venda" }),
  SalesChannelLogoUrl: z
    .string()
    .openapi({ description: "Logo do canal (URL; data URL nos canais sandbox)" }),
  Order: z.string().openapi({ description: "Número do pedido no canal", example: "SBX-12" }),
  IDOrder: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Pedido criado a partir deste (área de pedidos); null enquanto não criado" }),
  OrderError: z.string().nullable().openapi({
    description: "Por que a área de pedidos não criou o pedido (null: criado ou ainda não tentado)",
  }),
  ReservationError: z.string().nullable().openapi({
    description:
      "Por que o pedido criado não reservou estoque: um pedido aberto no canal (aguardando pagamento ou pago) é criado no status 23, reservando os itens; sem saldo disponível para reservar (e sem `AllowNegativeStock`), é criado no status 1, que não reserva, e o motivo fica aqui. null: reservou, ou não havia o que reservar",
  }),
  OrderCreated: z
    .union([z.literal(0), z.literal(1)])
    .openapi({ description: "1 quando o pedido já foi criado na área de pedidos" }),
  IDStatusOrder: z
    .number()
    .int()
    .openapi({ description: "Status (cadastro /type/order/status)", example: 3 }),
  StatusOrder: z.string().nullable().openapi({ description: "Descrição do status" }),
  StatusColorCode: z
    .string()
    .nullable()
    .openapi({ description: "Cor do status, `#RRGGBB`", example: "#43A047" }),
  ChannelStatus: z.string().openapi({ description: "Status no canal", example: "paid" }),
  Date: z.string().openapi({
    description: "Data-hora do pedido no canal, no fuso da empresa",
    example: "2026-11-01 06:21:00",
  }),
  CreationTimestamp: z.string().openapi({ description: "Quando o hub recebeu o pedido (UTC)" }),
  IDConsumer: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Cliente encontrado ou criado pelo CPF/CNPJ" }),
  ConsumerNameCorporateName: z.string().openapi({ description: "Nome ou razão social do comprador" }),
  ConsumerCpfCnpj: z
    .string()
    .openapi({ example: "52998224725" })
    .openapi({ description: "CPF ou CNPJ do comprador, só dígitos" }),
  ConsumerEmail: z.string().nullable().openapi({ description: "E-mail do comprador" }),
  ShippingId: z.string().nullable().openapi({ description: "Id do envio no canal" }),
  PackId: z.string().nullable().openapi({ description: "Carrinho do canal que agrupa pedidos" }),
  Index: z.number().int().openapi({ description: "Posição do pedido no seu PackId (0 quando sozinho)" }),
  ShippingMethod: z.string().nullable().openapi({ description: "Forma de envio informada pelo canal" }),
  Coupon: z.string().nullable().openapi({ description: "Cupom usado no pedido" }),
  UtmCampaign: z.string().nullable().openapi({ description: "utm_campaign da visita que gerou o pedido" }),
  UtmMedium: z.string().nullable().openapi({ description: "utm_medium" }),
  UtmSource: z.string().nullable().openapi({ description: "utm_source" }),
  UtmiCampaign: z.string().nullable().openapi({ description: "utmi_cp: campanha interna da loja" }),
  UtmiPage: z.string().nullable().openapi({ description: "utmi_p: página interna" }),
  UtmiPart: z.string().nullable().openapi({ description: "utmi_pc: parte da página" }),
  ItemsValue: money.openapi({ description: "Soma dos itens (preço x quantidade - desconto do item)" }),
  ShippingValue: money.openapi({ description: "Frete cobrado do comprador" }),
  DiscountValue: money.openapi({ description: "Desconto do pedido (cupom)" }),
  TotalValue: money.openapi({ description: "Itens + frete - desconto" }),
  IDWarehouseHub: z.string().nullable().openapi({ description: "Depósito do hub, como texto", example: "1" }),
  UnmappedSkus: z.array(z.string()).openapi({
    description: "Códigos de SKU do canal sem SKU na empresa: o pedido não é criado enquanto houver",
  }),
};

export const HubOrderSummarySchema = z.object(hubOrderFields).openapi("HubOrderSummary");

export const HubOrderSchema = z
  .object({
    ...hubOrderFields,
    Items: z.array(HubOrderItemSchema).openapi({ description: "Itens do pedido" }),
    Claims: z.array(HubOrderClaimSummarySchema).openapi({ description: "Reclamações abertas no canal" }),
  })
  .openapi("HubOrder");

const fromCentsValue = (value: number) => value / 100;

export function hubOrderSummaryBody({ row, kind }: HubOrderSummary): z.infer<typeof HubOrderSummarySchema> {
  return {
    IDIntegration: row.id,
    IDCompanyIntegration: row.companyIntegrationId,
    IDTypeCompanyIntegration: row.typeCompanyIntegrationId,
    IDSalesChannel: row.salesChannelId,
    SalesChannel: kind.salesChannel.name,
    SalesChannelLogoUrl: kind.salesChannel.logoUrl,
    Order: row.channelOrderId,
    IDOrder: row.orderId,
    OrderError: row.orderError,
    ReservationError: row.reservationError,
    OrderCreated: row.orderId === null ? 0 : 1,
    IDStatusOrder: row.statusOrderId,
    StatusOrder: row.statusDescription,
    StatusColorCode: row.statusColorCode,
    ChannelStatus: row.channelStatus,
    Date: row.orderedAt,
    CreationTimestamp: row.createdAt,
    IDConsumer: row.consumerId,
    ConsumerNameCorporateName: row.consumerName,
    ConsumerCpfCnpj: row.consumerDocument,
    ConsumerEmail: row.consumerEmail,
    ShippingId: row.shippingId,
    PackId: row.packId,
    Index: row.packIndex,
    ShippingMethod: row.shippingMethod,
    Coupon: row.coupon,
    UtmCampaign: row.utmCampaign,
    UtmMedium: row.utmMedium,
    UtmSource: row.utmSource,
    UtmiCampaign: row.utmiCampaign,
    UtmiPage: row.utmiPage,
    UtmiPart: row.utmiPart,
    ItemsValue: fromCentsValue(row.itemsValue),
    ShippingValue: fromCentsValue(row.shippingValue),
    DiscountValue: fromCentsValue(row.discountValue),
    TotalValue: fromCentsValue(row.totalValue),
    IDWarehouseHub: row.warehouseId === null ? null : String(row.warehouseId),
    UnmappedSkus: JSON.parse(row.unmappedSkus) as string[],
  };
}

/** The one serializer of a hub order's detail: GET /orders/hub/{idorder} and GET /hub/order/{idintegration}. */
export function hubOrderBody(detail: HubOrderDetail): z.infer<typeof HubOrderSchema> {
  return {
    ...hubOrderSummaryBody(detail),
    Items: detail.items.map((item) => ({
      Index: item.line,
      ChannelSkuCode: item.channelSkuCode,
      IDSku: item.skuId,
      SkuCode: item.skuCode,
      SkuName: item.skuName,
      Title: item.title,
      Quantity: item.quantity,
      UnitPrice: fromCentsValue(item.unitPrice),
      Discount: fromCentsValue(item.discount),
      Total: fromCentsValue(item.unitPrice * item.quantity - item.discount),
    })),
    Claims: detail.claims.map((claim) => ({
      IDHubOrderClaim: claim.id,
      ChannelClaimId: claim.channelClaimId,
      Reason: claim.reason,
      ChannelStatus: claim.channelStatus,
      ShippingMethod: claim.shippingMethod as "mail" | "entrusted" | "personal_delivery" | "email" | null,
      OpenedAt: claim.openedAt,
    })),
  };
}

// ---- Claims and attachments -------------------------------------------------------------------

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

/** The attachment routes take multipart only; any other body is "file not sent" (400), not a 415. */
export const requireMultipart = createMiddleware<AppEnv>(async (c, next) => {
  const contentType = c.req.header("content-type");
  if (contentType && !/^multipart\/form-data/i.test(contentType)) throw badRequest(ATTACHMENT_NOT_SENT);
  await next();
});

export const attachmentRequestBody = { content: { "multipart/form-data": { schema: AttachmentFormSchema } } };

export const ATTACHMENT_FAILURES = [
  "400 para cada falha, com a sua mensagem (nunca 5xx nem 502): arquivo não enviado (`Arquivo não enviado...`),",
  "arquivo inválido (vazio ou sem extensão: `Arquivo inválido...`), falha ao salvar (`Falha ao salvar o arquivo...`),",
  "recusa do canal por extensão ou tamanho (`O canal recusou o arquivo: ...`), canal sem anexos",
  "(`O canal desta integração não aceita anexos`), pedido da integração não encontrado (aqui ou no canal) e",
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
      .enum(["mail", "entrusted", "personal_delivery", "email"])
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

type ShippingMethodValue = "mail" | "entrusted" | "personal_delivery" | "email" | null;

export const claimBody = (view: ClaimView): z.infer<typeof HubClaimSchema> => ({
  IDHubOrderClaim: view.claim.id,
  IDIntegration: view.order.id,
  IDCompanyIntegration: view.claim.companyIntegrationId,
  Order: view.order.channelOrderId,
  ChannelClaimId: view.claim.channelClaimId,
  Reason: view.live?.reason ?? view.claim.reason,
  ChannelStatus: view.live?.status ?? view.claim.channelStatus,
  ShippingMethod: (view.live ? view.live.shippingMethod : view.claim.shippingMethod) as ShippingMethodValue,
  OpenedAt: view.claim.openedAt,
  ClaimAffectsReputation: view.live ? view.live.affectsReputation : null,
  ClaimLookupFailure: view.failure,
  Attachments: view.attachments.map(attachmentBody),
});

// ---- Products -----------------------------------------------------------------------------------

export const productParams = z.object({ idhubproduct: idPath("idhubproduct") });

export const HubProductCreateSchema = z
  .object({
    IDCompanyIntegration: idBody("IDCompanyIntegration").openapi({ description: "Integração de canal" }),
    Title: requiredText("Title", 200)
      .openapi({ example: "Camiseta básica algodão" })
      .openapi({ description: "Título do anúncio" }),
    ChannelProductId: textBody("ChannelProductId", 100)
      .nullable()
      .optional()
      .openapi({ example: "MLB-123" })
      .openapi({ description: "Id do anúncio no canal" }),
    Variations: z
      .array(
        z.object({
          IDSku: idBody("IDSku"),
          ChannelSkuCode: requiredText("ChannelSkuCode", 60)
            .openapi({ example: "CAMISETA-P" })
            .openapi({ description: "Código da SKU no canal" }),
        }),
      )
      .max(200, "Variations aceita no máximo 200 itens")
      .openapi({ description: "Variações: cada uma é uma SKU da empresa com o seu código no canal" }),
  })
  .openapi("HubProductCreate");

export const HubProductUpdateSchema = z
  .object({
    Title: requiredText("Title", 200).optional().openapi({ description: "Título do anúncio" }),
    SyncVariations: flagBody("SyncVariations")
      .optional()
      .openapi({ description: "1 envia também o preço e o estoque de cada variação" }),
  })
  .openapi("HubProductUpdate");

export const HubProductSchema = z
  .object({
    IDHubProduct: idField("Produto do hub"),
    IDCompanyIntegration: idField("Integração de canal"),
    Title: z.string().openapi({ description: "Título do anúncio" }),
    ChannelProductId: z.string().nullable().openapi({ description: "Id do anúncio no canal" }),
    LastSyncAt: z.string().nullable().openapi({ description: "Última atualização aceita pelo canal (UTC)" }),
    Variations: z
      .array(
        z.object({
          IDHubProductVariation: idField("Variação"),
          IDSku: idField("SKU"),
          SkuCode: z.string().nullable().openapi({ description: "Código da SKU na empresa" }),
          ChannelSkuCode: z.string().openapi({ description: "Código da SKU no canal" }),
          Price: money.openapi({ description: "Preço de venda da SKU" }),
          QtyOnStock: z.number().openapi({ description: "Estoque da SKU (soma dos depósitos)" }),
          LastSyncAt: z
            .string()
            .nullable()
            .openapi({ description: "Última atualização aceita pelo canal (UTC)" }),
        }),
      )
      .openapi({ description: "Variações (SKUs) do produto" }),
  })
  .openapi("HubProduct");

export const productBody = ({ product, variations }: HubProductView): z.infer<typeof HubProductSchema> => ({
  IDHubProduct: product.id,
  IDCompanyIntegration: product.companyIntegrationId,
  Title: product.title,
  ChannelProductId: product.channelProductId,
  LastSyncAt: product.lastSyncAt,
  Variations: variations.map((v) => ({
    IDHubProductVariation: v.id,
    IDSku: v.skuId,
    SkuCode: v.skuCode,
    ChannelSkuCode: v.channelSkuCode,
    Price: v.priceCents / 100,
    QtyOnStock: v.qty / 1000,
    LastSyncAt: v.lastSyncAt,
  })),
});

export const HubProductSyncSchema = z
  .object({
    IDHubProduct: idField("Produto do hub"),
    TotalUpdates: z
      .number()
      .int()
      .openapi({ description: "Quantas atualizações o canal aceitou (produto + variações)" }),
    Results: z
      .array(
        z.object({
          Type: z.enum(["product", "variation"]).openapi({ description: "`product` ou `variation`" }),
          IDSku: z.number().int().nullable(),
          ChannelSkuCode: z.string().nullable().openapi({ description: "Código da SKU no canal" }),
          Success: z
            .union([z.literal(0), z.literal(1)])
            .openapi({ description: "1 aceito pelo canal, 0 recusado" }),
          Message: z.string().nullable().openapi({ description: "Motivo da recusa do canal" }),
        }),
      )
      .openapi({ description: "Um resultado para o produto e um por variação enviada" }),
  })
  .openapi("HubProductSync");

export const syncBody = (answer: SyncAnswer): z.infer<typeof HubProductSyncSchema> => ({
  IDHubProduct: answer.productId,
  TotalUpdates: answer.totalUpdates,
  Results: answer.results.map((r) => ({
    Type: r.type,
    IDSku: r.skuId,
    ChannelSkuCode: r.channelSkuCode,
    Success: r.ok ? 1 : 0,
    Message: r.message,
  })),
});

// ---- Collection lists and labels ----------------------------------------------------------------

export const CollectionListCreateSchema = z
  .object({
    Orders: z
      .array(idBody("Orders[]"))
      .max(500, "Orders aceita no máximo 500 pedidos")
      .openapi({
        description: "IDIntegration dos pedidos do hub (de uma mesma integração, com envio)",
        example: [1, 2],
      }),
  })
  .openapi("HubCollectionListCreate");

export const CollectionListSchema = z
  .object({
    IDOrdersCarrierCollectionList: idField("Lista de coleta"),
    IDCompanyIntegration: idField("Integração de canal"),
    Orders: z
      .array(
        z.object({
          IDIntegration: idField("Pedido do hub"),
          Order: z.string().openapi({ description: "Número do pedido no canal" }),
          ShippingId: z.string().nullable().openapi({ description: "Id do envio no canal" }),
        }),
      )
      .openapi({ description: "Pedidos da lista" }),
  })
  .openapi("HubCollectionList");
