import { z } from "@hono/zod-openapi";
import { CHANNEL_KINDS } from "../../../domain/hub/channel-kinds";
import type { ChannelIntegration } from "../../../domain/hub/integrations";
import { ML_STOCK_BUFFER_INVALID } from "../../../domain/hub/mercado-livre/messages";
import {
  dateTimeString,
  INT32_MAX,
  idBody,
  idField,
  idPath,
  requiredText,
  statusField,
  textBody,
} from "../../../http/schemas";
import { salesChannelFields } from "./common";

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
    ...salesChannelFields,
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
    RefreshToken: requiredText("Credentials.RefreshToken", 500).optional().openapi({
      description:
        "Mercado Livre: o refresh token do vendedor (uso único: trocado na hora por um novo par, guardado criptografado). Sem ele, conecte pelo OAuth (GET /hub/integration/{id}/mercado-livre/authorization)",
    }),
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
  BaseUrl: requiredText("BaseUrl", 300).optional().openapi({
    description:
      "Mercado Livre: endereço da API (padrão https://api.mercadolibre.com). Em produção, https num host público",
    example: "https://api.mercadolibre.com",
  }),
  CredentialsExpireAt: expireAtBody.optional(),
  IDWarehouseHub: warehouseBody.optional(),
  IDTypePayment: paymentTypeBody.optional(),
  StockBuffer: z
    .number({ error: ML_STOCK_BUFFER_INVALID })
    .int(ML_STOCK_BUFFER_INVALID)
    .min(0, ML_STOCK_BUFFER_INVALID)
    .max(1_000_000, ML_STOCK_BUFFER_INVALID)
    .optional()
    .openapi({
      description:
        "Unidades guardadas fora do canal: o estoque publicado de cada anúncio (Mercado Livre) é max(0, QtyAvailable - StockBuffer). Padrão 0",
      example: 2,
    }),
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
    IDSalesChannel: salesChannelFields.IDSalesChannel,
    SalesChannelLogoUrl: salesChannelFields.SalesChannelLogoUrl,
    AuthenticationStatus: z.enum(["Authenticated", "Expired", "NotAuthenticated", "Refused"]).openapi({
      description: "Estado da autenticação no canal; `Expired` quando CredentialsExpireAt passou",
    }),
    AuthenticationReason: z.string().nullable().openapi({
      description:
        "Por que o canal encerrou a autenticação (`Expired`: o canal recusou o refresh token); null nos demais casos",
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
    StockBuffer: z.number().int().openapi({
      description: "Unidades guardadas fora do canal: estoque publicado = max(0, QtyAvailable - StockBuffer)",
    }),
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
  AuthenticationReason: view.status === "Expired" ? view.row.authReason : null,
  HasCredentials: view.row.credentials ? 1 : 0,
  CredentialsExpireAt: view.row.authExpiresAt,
  IDWarehouseHub: view.row.warehouseId === null ? null : String(view.row.warehouseId),
  IDTypePayment: view.row.paymentTypeId,
  Sandbox: view.kind.sandbox ? view.sandbox : null,
  Cursor: view.row.cursor,
  SettlementCursor: view.row.settlementCursor,
  StockBuffer: view.row.stockBuffer,
  LastPullAt: view.row.lastPullAt,
  Status: view.row.status,
});

/** The body's fields as the domain names them. */
export const integrationInput = (body: z.infer<typeof HubIntegrationUpdateSchema>) => ({
  description: body.Description,
  credentials: body.Credentials,
  baseUrl: body.BaseUrl,
  credentialsExpireAt: body.CredentialsExpireAt,
  warehouseId: body.IDWarehouseHub,
  paymentTypeId: body.IDTypePayment,
  sandbox: body.Sandbox,
  stockBuffer: body.StockBuffer,
});
