import { z } from "@hono/zod-openapi";
import { dateString, idBody, idField, moneyBody, quantityBody, quantityField } from "../../../http/schemas";

import { scheduleStatusField } from "./common";

export const PurchaseItemBody = z
  .object({
    IDSku: idBody("IDSku"),
    Quantity: quantityBody("Quantity"),
    UnitCost: moneyBody("UnitCost").openapi({
      description: "Custo unitário (R$), até 2 casas",
      example: 12.5,
    }),
    DueDate: dateString("DueDate").nullable().optional().openapi({
      description:
        "Data prevista de entrega; os itens da mesma data formam um agendamento (IDStockKeepingUnitPurchaseSchedule). Sem data: não agendado",
      example: "2026-12-01",
    }),
  })
  .openapi("PurchaseItemInput");

export const itemInput = (items: z.infer<typeof PurchaseItemBody>[]) =>
  items.map((i) => ({
    skuId: i.IDSku,
    quantity: i.Quantity,
    unitCost: i.UnitCost,
    dueDate: i.DueDate ?? null,
  }));

export const PurchaseItemSchema = z
  .object({
    IDStockKeepingUnitPurchase: idField("Item da compra"),
    IDSku: idField("SKU"),
    SkuCode: z.string().nullable().openapi({ description: "Código do SKU", example: "CAF-500" }),
    SkuName: z.string().openapi({ description: "Nome do SKU", example: "Café torrado 500 g" }),
    Unit: z.string().openapi({ example: "UN" }),
    BatchControl: z
      .number()
      .int()
      .openapi({ description: "1: a conferência informa lote e validade", example: 0 }),
    Quantity: quantityField("Quantidade comprada"),
    UnitCost: z.number().openapi({ description: "Custo unitário (R$)", example: 12.5 }),
    Total: z.number().openapi({ description: "Quantidade x custo (R$)", example: 125 }),
    IDStockKeepingUnitPurchaseSchedule: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Agendamento de entrega (null: não agendado)", example: 1 }),
    DueDate: z.string().nullable().openapi({ example: "2026-12-01" }),
    StockKeepingUnitPurchaseScheduleStatus: scheduleStatusField,
    QuantityReceived: quantityField("Quantidade recebida na conferência (null antes dela)").nullable(),
    QuantityCounted: quantityField(
      "Quantidade conferida, excedente incluído (null antes da conferência)",
    ).nullable(),
  })
  .openapi("PurchaseItem");
