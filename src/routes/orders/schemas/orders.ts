import { z } from "@hono/zod-openapi";
import type { HistoryRow, OrderRow } from "../../../db/orders/orders";
import { MAX_ORDER_ITEMS, type OrderInput } from "../../../domain/orders/create-order";
import type { OrderStatus } from "../../../domain/orders/order-statuses";
import type { OrderDetail } from "../../../domain/orders/read";
import { fromMilli } from "../../../domain/stock/quantities";
import {
  dateString,
  flagBody,
  idBody,
  idField,
  moneyBody,
  moneyField,
  textBody,
} from "../../../http/schemas";
import { inZone } from "../../../lib/dates";
import { fromCents } from "../../../lib/money";

import { nullableId, weightBody } from "./common";
import { itemBody, itemRequestOf, OrderItemCreateSchema, OrderItemSchema } from "./items";
import { OrderPaymentCreateSchema, OrderPaymentSchema, paymentBody, paymentRequestOf } from "./payments";

const SHIPPING_METHODS = ["mail", "entrusted", "personal_delivery", "email"] as const;

/** Header fields of create and update (all optional on update). */
const headerFields = {
  Date: dateString("Date")
    .optional()
    .openapi({ format: "date", description: "Data do pedido; hoje no fuso da empresa quando omitida" }),
  IDConsumer: idBody("IDConsumer").nullable().optional().openapi({ description: "Cliente (/consumer)" }),
  IDTypeOrder: idBody("IDTypeOrder")
    .nullable()
    .optional()
    .openapi({ description: "Tipo de pedido (/type/order/type)" }),
  IDSalesChannel: idBody("IDSalesChannel")
    .nullable()
    .optional()
    .openapi({ description: "Canal de venda (id do canal no hub; gravado como informado)" }),
  Notes: textBody("Notes", 1000, { multiline: true }).nullable().optional(),
  IDCarrier: idBody("IDCarrier")
    .nullable()
    .optional()
    .openapi({ description: "Transportadora: fornecedor com IsCarrier 1" }),
  ShippingMethod: z
    .enum(SHIPPING_METHODS, { error: `ShippingMethod deve ser um de: ${SHIPPING_METHODS.join(", ")}` })
    .nullable()
    .optional(),
  TrackingCode: textBody("TrackingCode", 60).nullable().optional(),
  Volumes: z
    .number({ error: "Volumes deve ser um número inteiro" })
    .int("Volumes deve ser um número inteiro")
    .min(0, "Volumes não pode ser negativo")
    .max(10_000, "Volumes deve ser no máximo 10000")
    .optional()
    .openapi({ description: "Quantidade de volumes (embalagens)" }),
  GrossWeight: weightBody("GrossWeight").optional(),
  NetWeight: weightBody("NetWeight").optional(),
  Freight: moneyBody("Freight").optional().openapi({ description: "Frete (R$), somado ao total" }),
  Discount: moneyBody("Discount")
    .optional()
    .openapi({ description: "Desconto do pedido (R$), subtraído do total" }),
};

export const OrderCreateSchema = z
  .object({
    IDWarehouse: idBody("IDWarehouse").openapi({ description: "Depósito de onde o estoque sai" }),
    IDStatusOrder: idBody("IDStatusOrder")
      .optional()
      .openapi({ description: "Status inicial: 1 (padrão), 2, 3, 23 ou 50 (orçamento)" }),
    ...headerFields,
    Items: z
      .array(OrderItemCreateSchema, { error: "Items deve ser um array" })
      .max(MAX_ORDER_ITEMS, `Items aceita no máximo ${MAX_ORDER_ITEMS} itens`)
      .openapi({ description: "Itens (SKUs); pelo menos um" }),
    Payments: z
      .array(OrderPaymentCreateSchema, { error: "Payments deve ser um array" })
      .max(20, "Payments aceita no máximo 20 pagamentos")
      .optional()
      .openapi({
        description:
          "Pagamentos: cada parcela vira uma conta a receber com vencimento pela taxa do tipo de pagamento; a soma não pode passar do total do pedido",
      }),
  })
  .openapi("OrderCreate", {
    example: {
      IDWarehouse: 1,
      IDConsumer: 1,
      Freight: 15,
      Items: [{ IDSku: 1, Quantity: 2, UnitPrice: 49.9 }],
      Payments: [{ IDTypePayment: 1, Installments: 1, Value: 50 }],
    },
  });

export const OrderUpdateSchema = z
  .object({
    IDWarehouse: idBody("IDWarehouse").optional().openapi({ description: "Só antes do faturamento" }),
    IDStatusOrder: idBody("IDStatusOrder").optional().openapi({
      description:
        "Novo status: só as transições de GET /type/order/status (NextStatuses); faturar (6) lança a saída do estoque, cancelar ou devolver depois disso lança o retorno",
    }),
    ...headerFields,
    Resend: flagBody("Resend").optional().openapi({
      description: "1 pede o reenvio da mensagem de rastreio do status atual (exige TypeMessage)",
    }),
    TypeMessage: z
      .enum(["email", "webhook"], { error: "TypeMessage deve ser email ou webhook" })
      .optional()
      .openapi({ description: "Mensagem a reenviar: email ou webhook" }),
  })
  .openapi("OrderUpdate", { example: { IDStatusOrder: 3, TrackingCode: "BR123456789" } });

type HeaderJson = Partial<z.infer<typeof OrderUpdateSchema>>;

/** Header fields sent (undefined = not sent). */
export const headerOf = (body: HeaderJson) => ({
  date: body.Date,
  consumerId: body.IDConsumer,
  orderTypeId: body.IDTypeOrder,
  salesChannelId: body.IDSalesChannel,
  warehouseId: body.IDWarehouse,
  notes: body.Notes,
  carrierId: body.IDCarrier,
  shippingMethod: body.ShippingMethod,
  trackingCode: body.TrackingCode,
  volumes: body.Volumes,
  grossWeight: body.GrossWeight,
  netWeight: body.NetWeight,
  freight: body.Freight,
  discount: body.Discount,
});

/** A `POST /orders` body as the orders domain's input (header defaults, items, payments). */
export function orderInputOfBody(body: z.infer<typeof OrderCreateSchema>): OrderInput {
  const header = headerOf(body);
  return {
    header: {
      date: header.date,
      consumerId: header.consumerId ?? null,
      orderTypeId: header.orderTypeId ?? null,
      salesChannelId: header.salesChannelId ?? null,
      warehouseId: body.IDWarehouse,
      notes: header.notes ?? null,
      carrierId: header.carrierId ?? null,
      shippingMethod: header.shippingMethod ?? null,
      trackingCode: header.trackingCode ?? null,
      volumes: header.volumes ?? 0,
      grossWeight: header.grossWeight ?? 0,
      netWeight: header.netWeight ?? 0,
      freight: header.freight ?? 0,
      discount: header.discount ?? 0,
    },
    statusId: body.IDStatusOrder,
    items: body.Items.map(itemRequestOf),
    payments: (body.Payments ?? []).map(paymentRequestOf),
  };
}

export const StatusHistorySchema = z
  .object({
    Seq: z.number().int().openapi({ description: "Ordem da transição (1 = criação)" }),
    FromIDStatusOrder: nullableId("Status anterior (null na criação)"),
    IDStatusOrder: idField("Novo status"),
    IDUser: nullableId("Usuário que fez a mudança"),
    CreatedAt: z
      .string()
      .openapi({ example: "2026-05-29 10:15:00", description: "Data-hora no fuso da empresa" }),
  })
  .openapi("OrderStatusHistory");

const historyBody = (h: HistoryRow, timeZone: string) => ({
  Seq: h.seq,
  FromIDStatusOrder: h.fromStatusId,
  IDStatusOrder: h.toStatusId,
  IDUser: h.userId,
  CreatedAt: inZone(h.createdAt, timeZone)!,
});

export const OrderHeaderSchema = z
  .object({
    IDOrder: idField("Id do pedido"),
    Date: z.string().openapi({ format: "date", description: "Data do pedido" }),
    IDConsumer: nullableId("Cliente"),
    IDTypeOrder: nullableId("Tipo de pedido"),
    IDSalesChannel: nullableId("Canal de venda"),
    IDWarehouse: idField("Depósito"),
    IDStatusOrder: idField("Status"),
    StatusOrder: z.string().openapi({ description: "Descrição do status" }),
    StatusColorCode: z.string().openapi({ example: "#1E88E5", description: "Cor do status (#RRGGBB)" }),
    StockStatus: z
      .number()
      .int()
      .openapi({
        enum: [0, 1, 2],
        description:
          "0 estoque não movimentado, 1 saiu (faturado), 2 retornou (cancelado/devolvido após faturar)",
      }),
    Notes: z.string().nullable(),
    IDCarrier: nullableId("Transportadora"),
    ShippingMethod: z.string().nullable(),
    TrackingCode: z.string().nullable(),
    Volumes: z.number().int(),
    GrossWeight: z.number().openapi({ description: "Peso bruto (kg)" }),
    NetWeight: z.number().openapi({ description: "Peso líquido (kg)" }),
    ItemsValue: moneyField("Soma dos valores dos itens sem tributos"),
    TaxTotal: moneyField("Soma dos tributos dos itens"),
    ItemsTotal: moneyField("Soma dos totais dos itens"),
    Freight: moneyField("Frete"),
    Discount: moneyField("Desconto do pedido"),
    Total: moneyField("ItemsTotal + Freight - Discount"),
    PaidValue: moneyField("Soma dos títulos a receber dos pagamentos do pedido"),
    CreatedAt: z.string(),
  })
  .openapi("OrderHeader");

export const headerBody = (o: OrderRow, status: OrderStatus | undefined, timeZone: string) => ({
  IDOrder: o.id,
  Date: o.date,
  IDConsumer: o.consumerId,
  IDTypeOrder: o.orderTypeId,
  IDSalesChannel: o.salesChannelId,
  IDWarehouse: o.warehouseId,
  IDStatusOrder: o.statusId,
  StatusOrder: status?.description ?? "",
  StatusColorCode: status?.colorCode ?? "#000000",
  StockStatus: o.stockState,
  Notes: o.notes,
  IDCarrier: o.carrierId,
  ShippingMethod: o.shippingMethod,
  TrackingCode: o.trackingCode,
  Volumes: o.volumes,
  GrossWeight: fromMilli(o.grossWeight),
  NetWeight: fromMilli(o.netWeight),
  ItemsValue: fromCents(o.itemsValue),
  TaxTotal: fromCents(o.taxTotal),
  ItemsTotal: fromCents(o.itemsTotal),
  Freight: fromCents(o.freight),
  Discount: fromCents(o.discount),
  Total: fromCents(o.total),
  PaidValue: fromCents(o.paidValue),
  CreatedAt: inZone(o.createdAt, timeZone)!,
});

export const OrderDetailSchema = OrderHeaderSchema.extend({
  Items: z.array(OrderItemSchema),
  Payments: z
    .array(OrderPaymentSchema)
    .openapi({ description: "As contas a receber dos pagamentos, por parcela" }),
  StatusHistory: z.array(StatusHistorySchema).openapi({ description: "Transições, da criação à última" }),
  ExchangeReceiptBase64Encode: z.string().nullable().openapi({
    description:
      "Vale-troca do pedido: PDF (pdf-lib) em base64; só em GET /orders/{idorder} (null nas respostas de escrita)",
  }),
  IDNFe: z
    .number()
    .int()
    .nullable()
    .openapi({
      type: ["integer", "null"],
      description:
        "A NF-e do pedido (GET /nfe/{idnfe}): a que não foi denegada, senão a última; null sem NF-e",
    }),
  chNFe: z
    .string()
    .nullable()
    .openapi({ type: ["string", "null"], description: "Chave de acesso dessa NF-e" }),
  NfeNumber: z
    .number()
    .int()
    .nullable()
    .openapi({ type: ["integer", "null"], description: "Número dessa NF-e" }),
}).openapi("OrderDetail");

export const detailBody = (d: OrderDetail, exchangeReceipt: string | null = null) => ({
  ...headerBody(d.order, d.status, d.timeZone),
  Items: d.items.map(itemBody),
  Payments: d.payments.map(paymentBody),
  StatusHistory: d.history.map((h) => historyBody(h, d.timeZone)),
  ExchangeReceiptBase64Encode: exchangeReceipt,
  IDNFe: d.nfe?.id ?? null,
  chNFe: d.nfe?.accessKey ?? null,
  NfeNumber: d.nfe?.number ?? null,
});
