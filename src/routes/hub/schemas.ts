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
import { flagBody, idBody, idPath, textBody } from "../../http/schemas";
import { badRequest } from "../../lib/errors";
import { idField, requiredText, statusField } from "../registries/fields";

export const HUB_TAG = "Hub";

/** What the hub's domain functions need from the request. */
export const hubDeps = (c: Context<AppEnv>): HubDeps => ({
  db: c.get("db"),
  companyId: c.get("caller").companyId,
  credentialsKey: c.env.HUB_CREDENTIALS_KEY,
  now: new Date(),
});

export const integrationParams = z.object({ idcompanyintegration: idPath("idcompanyintegration") });

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const kindIds = CHANNEL_KINDS.map((kind) => kind.id);
const kindList = CHANNEL_KINDS.map((kind) => `${kind.id} ${kind.salesChannel.name}`).join(", ");

export const ChannelKindSchema = z
  .object({
    IDTypeCompanyIntegration: idField("Tipo de integração de canal"),
    Code: z.string().openapi({ example: "sandbox-marketplace" }),
    Description: z.string(),
    ChannelType: z.enum(["marketplace", "webstore"]),
    IDSalesChannel: idField("Canal de venda"),
    SalesChannel: z.string().openapi({ example: "Sandbox Marketplace" }),
    SalesChannelLogoUrl: z
      .string()
      .openapi({ description: "Logo do canal (URL; data URL nos canais sandbox)" }),
    Sandbox: z.union([z.literal(0), z.literal(1)]),
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
    ClientId: requiredText("Credentials.ClientId", 200).openapi({ example: "loja-demo" }),
    ClientSecret: requiredText("Credentials.ClientSecret", 500).openapi({ example: "segredo-da-loja-123" }),
  })
  .openapi({
    description:
      "Credenciais do canal (somente escrita): guardadas criptografadas (AES-GCM), nunca devolvidas nem registradas em log. O canal as confere ao gravar; recusadas -> 400.",
  });

const expireAtBody = z
  .string({ error: "CredentialsExpireAt deve ser um texto AAAA-MM-DD HH:MM:SS" })
  .regex(DATE_TIME, "CredentialsExpireAt deve ser AAAA-MM-DD HH:MM:SS")
  .nullable()
  .openapi({
    example: "2027-06-30 23:59:59",
    description: "Validade das credenciais informada pelo canal (UTC)",
  });

const warehouseBody = idBody("IDWarehouseHub")
  .nullable()
  .openapi({ description: "Depósito de onde saem os pedidos do canal" });

export const HubIntegrationCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Marketplace sandbox" }),
    IDTypeCompanyIntegration: z
      .number({ error: "IDTypeCompanyIntegration deve ser um número inteiro" })
      .int("IDTypeCompanyIntegration deve ser um número inteiro")
      .openapi({
        description: `Tipo de canal (GET /hub/integration/type): ${kindList}`,
        example: kindIds[0],
      }),
    Credentials: CredentialsSchema.optional(),
    CredentialsExpireAt: expireAtBody.optional(),
    IDWarehouseHub: warehouseBody.optional(),
    Sandbox: SandboxSettingsSchema.optional(),
  })
  .openapi("HubIntegrationCreate");

export const HubIntegrationUpdateSchema = z
  .object({
    Description: requiredText("Description", 150).optional(),
    Credentials: CredentialsSchema.optional(),
    CredentialsExpireAt: expireAtBody.optional(),
    IDWarehouseHub: warehouseBody.optional(),
    Sandbox: SandboxSettingsSchema.optional(),
  })
  .openapi("HubIntegrationUpdate");

export const HubIntegrationSchema = z
  .object({
    IDCompanyIntegration: idField("Id da integração (mesmo id de /company/integration, Kind HUB)"),
    Description: z.string(),
    Kind: z.literal("HUB"),
    IDTypeCompanyIntegration: idField("Tipo de canal"),
    TypeCompanyIntegration: z.string(),
    IDSalesChannel: idField("Canal de venda"),
    SalesChannelLogoUrl: z.string(),
    AuthenticationStatus: z.enum(["Authenticated", "Expired", "NotAuthenticated", "Refused"]).openapi({
      description: "Estado da autenticação no canal; `Expired` quando CredentialsExpireAt passou",
    }),
    HasCredentials: z.union([z.literal(0), z.literal(1)]),
    CredentialsExpireAt: z.string().nullable().openapi({ description: "UTC; null sem validade" }),
    IDWarehouseHub: z
      .string()
      .nullable()
      .openapi({ description: "Depósito do hub (texto, como nos pedidos)" }),
    Sandbox: SandboxSettingsSchema.required().nullable(),
    Cursor: z.string().openapi({ description: "Posição do canal após o último pedido importado" }),
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
  Sandbox: view.kind.sandbox ? view.sandbox : null,
  Cursor: view.row.cursor,
  LastPullAt: view.row.lastPullAt,
  Status: view.row.status,
});

/** The body's fields as the domain names them. */
export const integrationInput = (body: z.infer<typeof HubIntegrationUpdateSchema>) => ({
  description: body.Description,
  credentials: body.Credentials,
  credentialsExpireAt: body.CredentialsExpireAt,
  warehouseId: body.IDWarehouseHub,
  sandbox: body.Sandbox,
});

// ---- Hub orders -------------------------------------------------------------------------------

const money = z.number().openapi({ type: "number", multipleOf: 0.01, example: 149.9 });

export const HubOrderItemSchema = z
  .object({
    Index: z.number().int().openapi({ description: "Linha do item no pedido do canal (a partir de 0)" }),
    ChannelSkuCode: z.string().openapi({ example: "SBX-CAMISETA-P" }),
    IDSku: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "SKU da empresa com esse código; null quando não mapeado" }),
    SkuCode: z.string().nullable(),
    SkuName: z.string().nullable(),
    Title: z.string(),
    Quantity: z.number().int(),
    UnitPrice: money,
    Discount: money,
    Total: money,
  })
  .openapi("HubOrderItem");

export const HubOrderClaimSummarySchema = z
  .object({
    IDHubOrderClaim: idField("Reclamação (GET /hub/order/claim/{idhuborderclaim})"),
    ChannelClaimId: z.string(),
    Reason: z.string(),
    ChannelStatus: z.string(),
    ShippingMethod: z.enum(["mail", "entrusted", "personal_delivery", "email"]).nullable(),
    OpenedAt: z.string(),
  })
  .openapi("HubOrderClaimSummary");

const hubOrderFields = {
  IDIntegration: idField("Id do pedido do hub (o `{idintegration}` de GET /hub/order/{idintegration})"),
  IDCompanyIntegration: idField("Integração de canal"),
  IDTypeCompanyIntegration: idField("Tipo de canal"),
  IDSalesChannel: idField("Canal de venda"),
  SalesChannel: z.string().openapi({ example: "Sandbox Marketplace" }),
  SalesChannelLogoUrl: z
    .string()
    .openapi({ description: "Logo do canal (URL; data URL nos canais sandbox)" }),
  Order: z.string().openapi({ description: "Número do pedido no canal", example: "SBX-12" }),
  IDOrder: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Pedido criado a partir deste (área de pedidos); null enquanto não criado" }),
  OrderCreated: z.union([z.literal(0), z.literal(1)]),
  IDStatusOrder: z
    .number()
    .int()
    .openapi({ description: "Status (cadastro /type/order/status)", example: 3 }),
  StatusOrder: z.string().nullable(),
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
  ConsumerNameCorporateName: z.string(),
  ConsumerCpfCnpj: z.string().openapi({ example: "52998224725" }),
  ConsumerEmail: z.string().nullable(),
  ShippingId: z.string().nullable(),
  PackId: z.string().nullable().openapi({ description: "Carrinho do canal que agrupa pedidos" }),
  Index: z.number().int().openapi({ description: "Posição do pedido no seu PackId (0 quando sozinho)" }),
  ShippingMethod: z.string().nullable(),
  Coupon: z.string().nullable(),
  UtmCampaign: z.string().nullable(),
  UtmMedium: z.string().nullable(),
  UtmSource: z.string().nullable(),
  UtmiCampaign: z.string().nullable(),
  UtmiPage: z.string().nullable(),
  UtmiPart: z.string().nullable(),
  ItemsValue: money,
  ShippingValue: money,
  DiscountValue: money,
  TotalValue: money,
  IDWarehouseHub: z.string().nullable().openapi({ description: "Depósito do hub, como texto", example: "1" }),
  UnmappedSkus: z.array(z.string()).openapi({
    description: "Códigos de SKU do canal sem SKU na empresa: o pedido não é criado enquanto houver",
  }),
};

export const HubOrderSummarySchema = z.object(hubOrderFields).openapi("HubOrderSummary");

export const HubOrderSchema = z
  .object({
    ...hubOrderFields,
    Items: z.array(HubOrderItemSchema),
    Claims: z.array(HubOrderClaimSummarySchema),
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
    IDHubOrderClaim: z.number().int().nullable(),
    FileName: z.string().openapi({ example: "nota-fiscal.pdf" }),
    ContentType: z.string().openapi({ example: "application/pdf" }),
    SizeBytes: z.number().int(),
    ChannelAttachmentId: z.string().openapi({ description: "Id do anexo no canal" }),
    CreatedAt: z.string(),
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
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? ""))
    throw badRequest(ATTACHMENT_NOT_SENT);
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
    ChannelClaimId: z.string().openapi({ example: "CL-6" }),
    Reason: z.string(),
    ChannelStatus: z.string().openapi({ example: "opened" }),
    ShippingMethod: z
      .enum(["mail", "entrusted", "personal_delivery", "email"])
      .nullable()
      .openapi({ description: "Como o produto volta: `mail`, `entrusted`, `personal_delivery`, `email`" }),
    OpenedAt: z.string(),
    ClaimAffectsReputation: reputation,
    ClaimLookupFailure: z
      .string()
      .nullable()
      .openapi({ description: "Por que a consulta ao canal falhou (null quando não falhou)" }),
    Attachments: z.array(HubAttachmentSchema),
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
    Title: requiredText("Title", 200).openapi({ example: "Camiseta básica algodão" }),
    ChannelProductId: textBody("ChannelProductId", 100).nullable().optional().openapi({ example: "MLB-123" }),
    Variations: z
      .array(
        z.object({
          IDSku: idBody("IDSku"),
          ChannelSkuCode: requiredText("ChannelSkuCode", 60).openapi({ example: "CAMISETA-P" }),
        }),
      )
      .max(200, "Variations aceita no máximo 200 itens")
      .openapi({ description: "Variações: cada uma é uma SKU da empresa com o seu código no canal" }),
  })
  .openapi("HubProductCreate");

export const HubProductUpdateSchema = z
  .object({
    Title: requiredText("Title", 200).optional(),
    SyncVariations: flagBody("SyncVariations")
      .optional()
      .openapi({ description: "1 envia também o preço e o estoque de cada variação" }),
  })
  .openapi("HubProductUpdate");

export const HubProductSchema = z
  .object({
    IDHubProduct: idField("Produto do hub"),
    IDCompanyIntegration: idField("Integração de canal"),
    Title: z.string(),
    ChannelProductId: z.string().nullable(),
    LastSyncAt: z.string().nullable(),
    Variations: z.array(
      z.object({
        IDHubProductVariation: idField("Variação"),
        IDSku: idField("SKU"),
        SkuCode: z.string().nullable(),
        ChannelSkuCode: z.string(),
        Price: money,
        QtyOnStock: z.number(),
        LastSyncAt: z.string().nullable(),
      }),
    ),
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
    Results: z.array(
      z.object({
        Type: z.enum(["product", "variation"]),
        IDSku: z.number().int().nullable(),
        ChannelSkuCode: z.string().nullable(),
        Success: z.union([z.literal(0), z.literal(1)]),
        Message: z.string().nullable().openapi({ description: "Motivo da recusa do canal" }),
      }),
    ),
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
    Orders: z.array(
      z.object({
        IDIntegration: idField("Pedido do hub"),
        Order: z.string(),
        ShippingId: z.string().nullable(),
      }),
    ),
  })
  .openapi("HubCollectionList");
