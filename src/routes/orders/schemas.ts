import { z } from "@hono/zod-openapi";
import type { HistoryRow, OrderItemView, OrderRow } from "../../db/orders/orders";
import type { OrderPaymentView } from "../../db/orders/payments";
import { MAX_ORDER_ITEMS } from "../../domain/orders/create-order";
import type { ItemRequest, ManualTax } from "../../domain/orders/items";
import { ORDER_PAGE_SIZE, type OrderDetail } from "../../domain/orders/read";
import type { OrderStatus } from "../../domain/stock/order-statuses";
import { fromMilli } from "../../domain/stock/quantities";
import { dateString, flagBody, INT32_MAX, idBody, idPath, moneyBody, textBody } from "../../http/schemas";
import { inZone } from "../../lib/dates";
import { fromCents, hasAtMostTwoDecimals } from "../../lib/money";
import { idField } from "../registries/fields";
import { quantityBody, quantityField } from "../sku/schemas";

export const ORDERS_TAG = "Orders";

/** `LastID` of the cursor lists: the last IDOrder received; 0 (or absent) starts from the first order. */
export const lastIdQuery = z
  .string()
  .regex(/^\d{1,10}$/, "LastID deve ser um número inteiro (0 para começar do início)")
  .transform(Number)
  .pipe(z.number().int().max(INT32_MAX, "LastID excede o limite int32"))
  .optional()
  .openapi({
    param: { name: "LastID", in: "query" },
    type: "integer",
    format: "int32",
    minimum: 0,
    maximum: INT32_MAX,
    description: "Cursor: só pedidos com IDOrder maior que este (0 ou ausente: desde o primeiro)",
  });

/** `PageSize` of the cursor lists (`LastID`): 1 to 5000. */
export const pageSizeQuery = z
  .string()
  .regex(/^\d{1,4}$/, `PageSize deve ser um inteiro de 1 a ${ORDER_PAGE_SIZE}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, `PageSize deve ser um inteiro de 1 a ${ORDER_PAGE_SIZE}`)
      .max(ORDER_PAGE_SIZE, `PageSize deve ser um inteiro de 1 a ${ORDER_PAGE_SIZE}`),
  )
  .optional()
  .openapi({
    param: { name: "PageSize", in: "query" },
    type: "integer",
    minimum: 1,
    maximum: ORDER_PAGE_SIZE,
    default: ORDER_PAGE_SIZE,
    description: `Pedidos por página, de 1 a ${ORDER_PAGE_SIZE} (padrão ${ORDER_PAGE_SIZE})`,
  });

const money = (description: string) => z.number().openapi({ description, example: 150.25 });
const rate = (description: string) => z.number().openapi({ description: `${description} (%)`, example: 18 });
const nullableId = (description: string) =>
  z
    .number()
    .int()
    .nullable()
    .openapi({ type: ["integer", "null"], format: "int32", description });

/** A tax rate in a body: percent from 0 to 100 with up to 2 decimals, stored in hundredths of a percent. */
export const rateBody = (name: string) =>
  z
    .number({ error: `${name} deve ser um número` })
    .min(0, `${name} não pode ser negativo`)
    .max(100, `${name} deve ser no máximo 100`)
    .refine(hasAtMostTwoDecimals, `${name} aceita no máximo 2 casas decimais`)
    .transform((v) => Math.round(v * 100))
    .openapi({
      type: "number",
      minimum: 0,
      maximum: 100,
      multipleOf: 0.01,
      example: 18,
      description: `${name} (%)`,
    });

/** A CST code in a body: 2 or 3 digits. */
export const cstBody = (name: string) =>
  z
    .string({ error: `${name} deve ser um texto` })
    .regex(/^\d{2,3}$/, `${name} deve ter 2 ou 3 dígitos`)
    .openapi({ example: "00", description: name });

const weightBody = (name: string) =>
  z
    .number({ error: `${name} deve ser um número` })
    .min(0, `${name} não pode ser negativo`)
    .max(1_000_000, `${name} excede o máximo permitido`)
    .refine(
      (v) => Number.isInteger(Math.round(v * 1000 * 1e6) / 1e6),
      `${name} aceita no máximo 3 casas decimais`,
    )
    .transform((v) => Math.round(v * 1000))
    .openapi({
      type: "number",
      minimum: 0,
      maximum: 1_000_000,
      multipleOf: 0.001,
      example: 1.25,
      description: `${name} (kg)`,
    });

/** `{idorder}` */
export const orderParams = z.object({ idorder: idPath("idorder").openapi({ description: "Id do pedido" }) });

/** `{idorder}/sku/{idskumovement}` */
export const orderItemParams = orderParams.extend({
  idskumovement: idPath("idskumovement").openapi({ description: "IDSkuMovement: o item do pedido" }),
});

const manualTaxFields = {
  CstIcms: cstBody("CstIcms").optional(),
  IcmsRate: rateBody("IcmsRate").optional(),
  CstIpi: cstBody("CstIpi").optional(),
  IpiRate: rateBody("IpiRate").optional(),
  CstPis: cstBody("CstPis").optional(),
  PisRate: rateBody("PisRate").optional(),
  CstCofins: cstBody("CstCofins").optional(),
  CofinsRate: rateBody("CofinsRate").optional(),
  IDNfCstIbsCbs: idBody("IDNfCstIbsCbs")
    .optional()
    .openapi({ description: "CST de IBS/CBS (GET /tax/cst-ibs-cbs)" }),
  IbsRate: rateBody("IbsRate").optional(),
  CbsRate: rateBody("CbsRate").optional(),
};

const REVERSE_DESCRIPTION =
  "Cálculo dos tributos. 0 (padrão): o valor do item (Quantity x UnitPrice - Discount) é a base e os tributos " +
  'são somados a ele (Total = Value + TaxTotal): a leitura da especificação, "soma os tributos quando o valor é 0". ' +
  "1 (cálculo reverso): o valor informado já contém os tributos; a base é valor / (1 + soma das alíquotas), " +
  "Value = valor - TaxTotal e Total = valor informado.";

const itemFields = {
  Quantity: quantityBody("Quantity"),
  UnitPrice: moneyBody("UnitPrice")
    .optional()
    .openapi({ description: "Preço unitário (R$); omitido: o preço do SKU" }),
  Discount: moneyBody("Discount").optional().openapi({ description: "Desconto do item (R$), padrão 0" }),
  ManualTax: flagBody("ManualTax").optional().openapi({
    description:
      "1: tributação informada à mão (CSTs obrigatórios, alíquotas padrão 0); 0 (padrão): calculada pelo perfil tributário do SKU (TaxProfile)",
  }),
  ReverseTaxCalculation: flagBody("ReverseTaxCalculation")
    .optional()
    .openapi({ description: REVERSE_DESCRIPTION }),
  ...manualTaxFields,
};

export const OrderItemCreateSchema = z
  .object({ IDSku: idBody("IDSku").openapi({ description: "SKU (da empresa)" }), ...itemFields })
  .openapi("OrderItemCreate", { example: { IDSku: 1, Quantity: 1, UnitPrice: 49.9 } });

export const OrderItemUpdateSchema = z
  .object({
    Quantity: quantityBody("Quantity").optional(),
    UnitPrice: itemFields.UnitPrice,
    Discount: itemFields.Discount,
    ManualTax: itemFields.ManualTax,
    ReverseTaxCalculation: itemFields.ReverseTaxCalculation,
    ...manualTaxFields,
  })
  .openapi("OrderItemUpdate", { example: { Quantity: 3 } });

type ItemJson = z.infer<typeof OrderItemUpdateSchema>;

export function manualTaxOf(body: ItemJson): ManualTax {
  return {
    icmsCst: body.CstIcms,
    icmsRate: body.IcmsRate,
    ipiCst: body.CstIpi,
    ipiRate: body.IpiRate,
    pisCst: body.CstPis,
    pisRate: body.PisRate,
    cofinsCst: body.CstCofins,
    cofinsRate: body.CofinsRate,
    cstIbsCbsId: body.IDNfCstIbsCbs,
    ibsRate: body.IbsRate,
    cbsRate: body.CbsRate,
  };
}

export const itemChangesOf = (body: ItemJson) => ({
  quantity: body.Quantity,
  unitPrice: body.UnitPrice,
  discount: body.Discount,
  manualTax: body.ManualTax,
  reverseTaxCalculation: body.ReverseTaxCalculation,
  tax: manualTaxOf(body),
});

export const itemRequestOf = (body: z.infer<typeof OrderItemCreateSchema>): ItemRequest => ({
  skuId: body.IDSku,
  ...itemChangesOf(body),
  quantity: body.Quantity,
});

export const OrderItemSchema = z
  .object({
    IDSkuMovement: idField("Id do item: a movimentação de SKU do pedido"),
    IDOrder: idField("Pedido"),
    IDSku: idField("SKU"),
    SkuCode: z.string().nullable(),
    SkuName: z.string(),
    Quantity: quantityField("Quantidade"),
    UnitPrice: money("Preço unitário"),
    Discount: money("Desconto do item"),
    Value: money("Valor do item sem tributos (base de cálculo)"),
    ManualTax: z
      .number()
      .int()
      .openapi({ enum: [0, 1] }),
    ReverseTaxCalculation: z
      .number()
      .int()
      .openapi({ enum: [0, 1], description: REVERSE_DESCRIPTION }),
    IDTaxProfile: nullableId("Perfil tributário de que os tributos vieram (null na tributação manual)"),
    CstIcms: z.string().nullable(),
    IcmsRate: rate("Alíquota de ICMS"),
    IcmsValue: money("ICMS"),
    CstIpi: z.string().nullable(),
    IpiRate: rate("Alíquota de IPI"),
    IpiValue: money("IPI"),
    CstPis: z.string().nullable(),
    PisRate: rate("Alíquota de PIS"),
    PisValue: money("PIS"),
    CstCofins: z.string().nullable(),
    CofinsRate: rate("Alíquota de COFINS"),
    CofinsValue: money("COFINS"),
    IDNfCstIbsCbs: nullableId("CST de IBS/CBS"),
    IbsRate: rate("Alíquota de IBS"),
    IbsValue: money("IBS"),
    CbsRate: rate("Alíquota de CBS"),
    CbsValue: money("CBS"),
    TaxTotal: money("Soma dos tributos"),
    Total: money("Value + TaxTotal"),
    IDStockMovement: nullableId("Movimentação de saída do estoque (lançada no faturamento)"),
    IDStockMovementReturn: nullableId(
      "Movimentação de retorno ao estoque (cancelamento ou devolução após o faturamento)",
    ),
  })
  .openapi("OrderItem");

export const itemBody = (i: OrderItemView) => ({
  IDSkuMovement: i.id,
  IDOrder: i.orderId,
  IDSku: i.skuId,
  SkuCode: i.skuCode,
  SkuName: i.skuName,
  Quantity: fromMilli(i.quantity),
  UnitPrice: fromCents(i.unitPrice),
  Discount: fromCents(i.discount),
  Value: fromCents(i.value),
  ManualTax: i.manualTax,
  ReverseTaxCalculation: i.reverseTaxCalculation,
  IDTaxProfile: i.taxProfileId,
  CstIcms: i.icmsCst,
  IcmsRate: i.icmsRate / 100,
  IcmsValue: fromCents(i.icmsValue),
  CstIpi: i.ipiCst,
  IpiRate: i.ipiRate / 100,
  IpiValue: fromCents(i.ipiValue),
  CstPis: i.pisCst,
  PisRate: i.pisRate / 100,
  PisValue: fromCents(i.pisValue),
  CstCofins: i.cofinsCst,
  CofinsRate: i.cofinsRate / 100,
  CofinsValue: fromCents(i.cofinsValue),
  IDNfCstIbsCbs: i.cstIbsCbsId,
  IbsRate: i.ibsRate / 100,
  IbsValue: fromCents(i.ibsValue),
  CbsRate: i.cbsRate / 100,
  CbsValue: fromCents(i.cbsValue),
  TaxTotal: fromCents(i.taxTotal),
  Total: fromCents(i.total),
  IDStockMovement: i.outMovementId,
  IDStockMovementReturn: i.returnMovementId,
});

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

export const OrderPaymentCreateSchema = z
  .object({
    IDTypePayment: idBody("IDTypePayment").openapi({
      description: "Tipo de pagamento com taxa cadastrada para o número de parcelas",
    }),
    Installments: z
      .number({ error: "Installments deve ser um número inteiro" })
      .int("Installments deve ser um número inteiro")
      .min(1, "Installments deve ser de 1 a 120")
      .max(120, "Installments deve ser de 1 a 120")
      .optional()
      .openapi({ description: "Parcelas (padrão 1): uma conta a receber por parcela" }),
    Value: moneyBody("Value", { positive: true }).openapi({ description: "Valor do pagamento (R$)" }),
    IDBankAccount: idBody("IDBankAccount")
      .nullable()
      .optional()
      .openapi({ description: "Conta bancária prevista" }),
  })
  .openapi("OrderPaymentCreate");

export const paymentRequestOf = (p: z.infer<typeof OrderPaymentCreateSchema>) => ({
  paymentTypeId: p.IDTypePayment,
  installments: p.Installments ?? 1,
  value: p.Value,
  bankAccountId: p.IDBankAccount ?? null,
});

export const OrderPaymentSchema = z
  .object({
    IDAccountPayableReceivable: idField("A conta a receber da parcela (GET /accounts/receivable/{id})"),
    IDTypePayment: idField("Tipo de pagamento"),
    Installment: z.number().int().openapi({ description: "Número da parcela" }),
    Installments: z.number().int().openapi({ description: "Parcelas do pagamento" }),
    Value: money("Valor da parcela"),
    OpenValue: money("Valor em aberto"),
    DueDate: z.string().openapi({ format: "date", description: "Vencimento pela taxa do tipo de pagamento" }),
    Status: z
      .number()
      .int()
      .openapi({ enum: [1, 2, 3], description: "1 aberta, 2 parcialmente recebida, 3 recebida" }),
  })
  .openapi("OrderPayment");

const paymentBody = (p: OrderPaymentView) => ({
  IDAccountPayableReceivable: p.titleId,
  IDTypePayment: p.paymentTypeId,
  Installment: p.installment,
  Installments: p.installments,
  Value: fromCents(p.value),
  OpenValue: fromCents(p.openValue),
  DueDate: p.dueDate,
  Status: p.status,
});

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
    ItemsValue: money("Soma dos valores dos itens sem tributos"),
    TaxTotal: money("Soma dos tributos dos itens"),
    ItemsTotal: money("Soma dos totais dos itens"),
    Freight: money("Frete"),
    Discount: money("Desconto do pedido"),
    Total: money("ItemsTotal + Freight - Discount"),
    PaidValue: money("Soma dos títulos a receber dos pagamentos do pedido"),
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
}).openapi("OrderDetail");

export const detailBody = (d: OrderDetail, exchangeReceipt: string | null = null) => ({
  ...headerBody(d.order, d.status, d.timeZone),
  Items: d.items.map(itemBody),
  Payments: d.payments.map(paymentBody),
  StatusHistory: d.history.map((h) => historyBody(h, d.timeZone)),
  ExchangeReceiptBase64Encode: exchangeReceipt,
});
