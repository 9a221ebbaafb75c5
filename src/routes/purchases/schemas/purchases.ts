import { z } from "@hono/zod-openapi";
import type { PurchaseListRow } from "../../../db/purchases/purchases";
import { ORDER_NOT_FOUND } from "../../../domain/orders/messages";
import { PURCHASE_STATUS_NOT_FOUND } from "../../../domain/purchases/messages";
import type { PurchaseChanges, PurchaseDetail, PurchaseInput } from "../../../domain/purchases/purchases";
import { purchaseStatus } from "../../../domain/purchases/statuses";
import { SCHEDULE_STATUS_NAMES } from "../../../domain/purchases/types";
import { fromMilli } from "../../../domain/stock/quantities";
import { dateTimeString, idBody, idField, textBody } from "../../../http/schemas";
import { fromCents } from "../../../lib/money";
import { chNfeBody, scheduleStatusField } from "./common";
import { itemInput, PurchaseItemBody, PurchaseItemSchema } from "./items";

const purchaseFields = {
  IDSupplier: idBody("IDSupplier")
    .nullable()
    .optional()
    .openapi({ description: "Fornecedor (obrigatório na criação)" }),
  IDWarehouse: idBody("IDWarehouse")
    .nullable()
    .optional()
    .openapi({ description: "Depósito de entrada (obrigatório na criação)" }),
  IDStatusPurchase: z
    .number({ error: "IDStatusPurchase deve ser um número inteiro" })
    .int("IDStatusPurchase deve ser um número inteiro")
    .min(0, PURCHASE_STATUS_NOT_FOUND)
    .max(12, PURCHASE_STATUS_NOT_FOUND)
    .optional()
    .openapi({
      description:
        "Status (GET /type/purchase/status): criação de 0 a 7 (padrão 0, rascunho); na alteração, só as transições do cadastro. 8 e 9 vêm da conferência",
      example: 2,
    }),
  IDTypePayment: idBody("IDTypePayment").nullable().optional().openapi({
    description: "Forma de pagamento: suas taxas (/type/order/payment/{id}/rate) definem os vencimentos",
  }),
  Installments: z
    .number({ error: "Installments deve ser um número inteiro" })
    .int("Installments deve ser um número inteiro")
    .min(1, "Installments deve estar entre 1 e 120")
    .max(120, "Installments deve estar entre 1 e 120")
    .optional()
    .openapi({ description: "Parcelas das contas a pagar criadas na conferência (padrão 1)", example: 3 }),
  IDOrder: idBody("IDOrder")
    .nullable()
    .optional()
    .openapi({
      description: `Pedido de venda da empresa que a compra atende (400 \`${ORDER_NOT_FOUND}\` para outro)`,
    }),
  chNFe: chNfeBody.nullable().optional(),
  NfeNumber: z
    .number({ error: "NfeNumber deve ser um número inteiro" })
    .int("NfeNumber deve ser um número inteiro")
    .min(1, "NfeNumber deve ser maior que zero")
    .max(999_999_999, "NfeNumber aceita no máximo 9 dígitos")
    .nullable()
    .optional()
    .openapi({ description: "Número da NF-e do fornecedor", example: 1234 }),
  StartTime: dateTimeString("StartTime", { complete: true })
    .nullable()
    .optional()
    .openapi({ description: "Data-hora da compra no fuso da empresa (padrão: agora)" }),
  Description: textBody("Description", 255, { multiline: true })
    .nullable()
    .optional()
    .openapi({ example: "Reposição de dezembro" }),
};

export const PurchaseCreateSchema = z
  .object({
    ...purchaseFields,
    Items: z
      .array(PurchaseItemBody, { error: "Items deve ser um array" })
      .max(5000, "Items aceita no máximo 5000 itens")
      .optional(),
  })
  .openapi("PurchaseCreate");

export const PurchaseUpdateSchema = z
  .object({
    ...purchaseFields,
    Items: z
      .array(PurchaseItemBody, { error: "Items deve ser um array" })
      .max(5000, "Items aceita no máximo 5000 itens")
      .optional()
      .openapi({ description: "Quando enviado, substitui todos os itens e agendamentos" }),
  })
  .openapi("PurchaseUpdate");

export const purchaseInput = (body: z.infer<typeof PurchaseCreateSchema>): PurchaseInput => ({
  supplierId: body.IDSupplier ?? null,
  warehouseId: body.IDWarehouse ?? null,
  statusId: body.IDStatusPurchase,
  paymentTypeId: body.IDTypePayment ?? null,
  installments: body.Installments,
  orderId: body.IDOrder ?? null,
  chNfe: body.chNFe ?? null,
  nfeNumber: body.NfeNumber ?? null,
  startTime: body.StartTime ?? null,
  description: body.Description ?? null,
  items: itemInput(body.Items ?? []),
});

export const purchaseChanges = (body: z.infer<typeof PurchaseUpdateSchema>): PurchaseChanges => ({
  supplierId: body.IDSupplier,
  warehouseId: body.IDWarehouse,
  statusId: body.IDStatusPurchase,
  paymentTypeId: body.IDTypePayment,
  installments: body.Installments,
  orderId: body.IDOrder,
  chNfe: body.chNFe,
  nfeNumber: body.NfeNumber,
  startTime: body.StartTime,
  description: body.Description,
  items: body.Items ? itemInput(body.Items) : undefined,
});

export const PurchaseHeaderSchema = z
  .object({
    IDPurchase: idField("Compra"),
    IDStatusPurchase: z
      .number()
      .int()
      .openapi({ description: "0 a 12 (GET /type/purchase/status)", example: 2 }),
    StatusPurchase: z.string().openapi({ description: "Descrição do status", example: "Aprovado" }),
    StatusColorCode: z.string().openapi({ description: "Cor do status (#RRGGBB)", example: "#7CB342" }),
    Origin: z.string().openapi({
      description:
        "purchase (compra), surplus (excedente de uma conferência), production (documento de recebimento de uma ordem de produção)",
      example: "purchase",
    }),
    IDSupplier: z.number().int().nullable(),
    SupplierName: z
      .string()
      .nullable()
      .openapi({ description: "Nome do fornecedor", example: "Distribuidora Alfa" }),
    IDWarehouse: idField("Depósito de entrada"),
    WarehouseName: z
      .string()
      .nullable()
      .openapi({ description: "Nome do depósito", example: "Depósito central" }),
    IDTypePayment: z.number().int().nullable(),
    TypePayment: z.string().nullable().openapi({ description: "Forma de pagamento", example: "Boleto" }),
    Installments: z.number().int().openapi({ description: "Parcelas das contas a pagar", example: 1 }),
    IDOrder: z.number().int().nullable().openapi({ description: "Pedido de venda atendido pela compra" }),
    chNFe: z.string().nullable().openapi({
      description: "Chave de acesso da NF-e do fornecedor",
      example: "35261112345678000195550010000012341000012345",
    }),
    NfeNumber: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Número da NF-e do fornecedor", example: 1234 }),
    Description: z.string().nullable(),
    StartTime: z
      .string()
      .openapi({ description: "Data-hora da compra (fuso da empresa)", example: "2026-11-23 10:00:00" }),
    IDPurchaseParent: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Compra de origem de um excedente" }),
    IDStockKeepingUnitProduction: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Ordem de produção de um documento de recebimento da produção" }),
    ItemsCount: z.number().int().openapi({ description: "Quantidade de itens", example: 2 }),
    Total: z
      .number()
      .openapi({ description: "Soma de quantidade x custo dos itens comprados (R$)", example: 250 }),
    NextDueDate: z
      .string()
      .nullable()
      .openapi({ description: "Primeira data de entrega agendada", example: "2026-12-01" }),
    Received: z.number().int().openapi({ description: "1 depois da conferência", example: 0 }),
    RecordTimestamp: z.string().openapi({
      description: "Última alteração (UTC), base do filtro SinceRecordTimestamp",
      example: "2026-11-23 13:00:00",
    }),
    CreatedAt: z.string().openapi({ example: "2026-11-23 13:00:00" }),
  })
  .openapi("PurchaseHeader");

export const purchaseHeaderBody = (row: PurchaseListRow) => {
  const status = purchaseStatus(row.statusId);
  return {
    IDPurchase: row.id,
    IDStatusPurchase: row.statusId,
    StatusPurchase: status?.description ?? "",
    StatusColorCode: status?.colorCode ?? "#9E9E9E",
    Origin: row.origin,
    IDSupplier: row.supplierId,
    SupplierName: row.supplierName,
    IDWarehouse: row.warehouseId,
    WarehouseName: row.warehouseName,
    IDTypePayment: row.paymentTypeId,
    TypePayment: row.paymentTypeName,
    Installments: row.installments,
    IDOrder: row.orderId,
    chNFe: row.chNfe,
    NfeNumber: row.nfeNumber,
    Description: row.description,
    StartTime: row.startTime,
    IDPurchaseParent: row.parentPurchaseId,
    IDStockKeepingUnitProduction: row.productionId,
    ItemsCount: row.itemsCount,
    Total: fromCents(row.totalCents),
    NextDueDate: row.nextDueDate,
    Received: row.received,
    RecordTimestamp: row.updatedAt,
    CreatedAt: row.createdAt,
  };
};

export const PurchaseDetailSchema = PurchaseHeaderSchema.extend({
  ReceivedAt: z.string().nullable().openapi({ description: "Data-hora da conferência (fuso da empresa)" }),
  IDPurchaseSurplus: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Compra criada com o excedente conferido (CreateNewPurchaseSentMore=1)" }),
  Schedules: z
    .array(
      z
        .object({
          IDStockKeepingUnitPurchaseSchedule: idField("Agendamento"),
          DueDate: z.string().openapi({ description: "Data prevista de entrega", example: "2026-12-01" }),
          StockKeepingUnitPurchaseScheduleStatus: scheduleStatusField,
          ScheduleStatusName: z
            .string()
            .openapi({ description: "Nome do status do agendamento", example: "Agendado" }),
        })
        .openapi("PurchaseSchedule"),
    )
    .openapi({ description: "Agendamentos de entrega, um por data" }),
  Items: z.array(PurchaseItemSchema).openapi({ description: "Itens da compra" }),
  Payables: z
    .array(
      z
        .object({
          IDAccountPayableReceivable: idField("Conta a pagar (/accounts/payable/{id})"),
          Installment: z.number().int().openapi({ description: "Número da parcela", example: 1 }),
          Value: z.number().openapi({ description: "Valor da parcela (R$)", example: 125 }),
          OpenValue: z.number().openapi({ description: "Valor em aberto (R$)", example: 125 }),
          DueDate: z.string().openapi({ example: "2026-12-23" }),
          Status: z
            .number()
            .int()
            .openapi({ description: "1 aberto, 2 parcialmente pago, 3 pago", example: 1 }),
        })
        .openapi("PurchasePayable"),
    )
    .openapi({ description: "Contas a pagar criadas pela conferência, uma por parcela" }),
}).openapi("PurchaseDetail");

/** The one serializer of a receiving detail: GET /purchase/{id}, the check and the production finish. */
export const purchaseDetailBody = (detail: PurchaseDetail) => ({
  ...purchaseHeaderBody(detail.header),
  ReceivedAt: detail.receipt?.receivedAt ?? null,
  IDPurchaseSurplus: detail.receipt?.surplusPurchaseId ?? null,
  Schedules: detail.schedules.map((s) => ({
    IDStockKeepingUnitPurchaseSchedule: s.id,
    DueDate: s.dueDate,
    StockKeepingUnitPurchaseScheduleStatus: s.status,
    ScheduleStatusName: SCHEDULE_STATUS_NAMES[s.status] ?? "",
  })),
  Items: detail.items.map((i) => ({
    IDStockKeepingUnitPurchase: i.id,
    IDSku: i.skuId,
    SkuCode: i.skuCode,
    SkuName: i.skuName,
    Unit: i.unit,
    BatchControl: i.batchControl,
    Quantity: fromMilli(i.quantity),
    UnitCost: fromCents(i.unitCost),
    Total: fromCents(Math.round((i.quantity * i.unitCost) / 1000)),
    IDStockKeepingUnitPurchaseSchedule: i.scheduleId,
    DueDate: i.dueDate,
    StockKeepingUnitPurchaseScheduleStatus: i.scheduleStatus,
    QuantityReceived: i.receivedQty === null ? null : fromMilli(i.receivedQty),
    QuantityCounted: i.countedQty === null ? null : fromMilli(i.countedQty),
  })),
  Payables: detail.payables.map((p) => ({
    IDAccountPayableReceivable: p.titleId,
    Installment: p.installment,
    Value: fromCents(p.value),
    OpenValue: fromCents(p.openValue),
    DueDate: p.dueDate,
    Status: p.status,
  })),
});
