import { z } from "@hono/zod-openapi";
import type { HubOrderDetail, HubOrderSummary } from "../../../domain/hub/orders";
import { idField } from "../../../http/schemas";
import { fromCents } from "../../../lib/money";

import { money, SHIPPING_METHODS, type ShippingMethod, salesChannelFields } from "./common";

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
      .enum(SHIPPING_METHODS)
      .nullable()
      .openapi({ description: "Forma de envio informada pelo canal" }),
    OpenedAt: z.string().openapi({ description: "Abertura (fuso da empresa)" }),
  })
  .openapi("HubOrderClaimSummary");

const hubOrderFields = {
  IDIntegration: idField("Id do pedido do hub (o `{idintegration}` de GET /hub/order/{idintegration})"),
  IDCompanyIntegration: idField("Integração de canal"),
  IDTypeCompanyIntegration: idField("Tipo de canal"),
  ...salesChannelFields,
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
    .openapi({ description: "CPF ou CNPJ do comprador, sem pontuação (o CNPJ alfanumérico em maiúsculas)" }),
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
    ItemsValue: fromCents(row.itemsValue),
    ShippingValue: fromCents(row.shippingValue),
    DiscountValue: fromCents(row.discountValue),
    TotalValue: fromCents(row.totalValue),
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
      UnitPrice: fromCents(item.unitPrice),
      Discount: fromCents(item.discount),
      Total: fromCents(item.unitPrice * item.quantity - item.discount),
    })),
    Claims: detail.claims.map((claim) => ({
      IDHubOrderClaim: claim.id,
      ChannelClaimId: claim.channelClaimId,
      Reason: claim.reason,
      ChannelStatus: claim.channelStatus,
      ShippingMethod: claim.shippingMethod as ShippingMethod,
      OpenedAt: claim.openedAt,
    })),
  };
}
