import { z } from "@hono/zod-openapi";
import type { InventoryRow } from "../../db/stock/inventory";
import type { InventorySummary } from "../../domain/stock/inventory";
import { fromMilli } from "../../domain/stock/quantities";
import { idField, idPath, quantityField } from "../../http/schemas";

export const InventoryParams = z.object({
  idstockkeepingunitinventorysummary: idPath("idstockkeepingunitinventorysummary"),
});

export const InventoryHeaderSchema = z
  .object({
    IDStockKeepingUnitInventorySummary: idField("Inventário"),
    IDWarehouse: idField("Depósito contado"),
    Description: z.string().nullable().openapi({ example: "Inventário anual 2026" }),
    Applied: z
      .number()
      .int()
      .openapi({ description: "1 depois de aplicado (não aceita mais contagens)", example: 0 }),
    AppliedAt: z.string().nullable().openapi({ example: "2026-05-29 18:00:00" }),
    CreatedAt: z.string().openapi({ example: "2026-05-29 09:00:00" }),
  })
  .openapi("SkuInventory");

export const inventoryHeader = (row: InventoryRow) => ({
  IDStockKeepingUnitInventorySummary: row.id,
  IDWarehouse: row.warehouseId,
  Description: row.description,
  Applied: row.applied,
  AppliedAt: row.appliedAt,
  CreatedAt: row.createdAt,
});

const InventoryItemSchema = z
  .object({
    IDSku: idField("SKU"),
    Code: z.string().nullable().openapi({ example: "CAF-500" }),
    Name: z.string().openapi({ example: "Café torrado 500 g" }),
    IDBatch: z.number().int().nullable(),
    QtyCounted: quantityField("Quantidade contada"),
    QtySystem: quantityField("Saldo do sistema no momento da aplicação (null enquanto aberto)").nullable(),
    Difference: quantityField(
      "Contado - sistema, lançado como ajuste na aplicação (null enquanto aberto)",
    ).nullable(),
  })
  .openapi("SkuInventoryItem");

export const InventorySummarySchema = InventoryHeaderSchema.extend({
  Page: z.number().int().openapi({ example: 0 }),
  ItemsCount: z.number().int().openapi({ description: "Total de itens do inventário", example: 12000 }),
  HasNextPageItems: z
    .boolean()
    .openapi({ description: "true quando há itens na próxima página", example: true }),
  Items: z.array(InventoryItemSchema).openapi({ description: "Itens da página, 5000 no máximo" }),
  InventoryLogs: z
    .array(
      z.object({
        Date: z.string().openapi({ description: "Data-hora do registro", example: "2026-05-29 18:00:00" }),
        IDUser: z.number().int().nullable(),
        Message: z.string().openapi({ example: "Inventário aplicado: 3 ajuste(s) ..." }),
      }),
    )
    .openapi({ description: "Histórico do inventário: abertura, contagens, aplicação" }),
}).openapi("SkuInventorySummary");

export const summaryBody = (summary: InventorySummary, page: number) => ({
  ...inventoryHeader(summary.inventory),
  Page: page,
  ItemsCount: summary.itemsCount,
  HasNextPageItems: summary.hasNextPage,
  Items: summary.items.map((item) => ({
    IDSku: item.skuId,
    Code: item.code,
    Name: item.name,
    IDBatch: item.batchId,
    QtyCounted: fromMilli(item.countedQty),
    QtySystem: item.systemQty === null ? null : fromMilli(item.systemQty),
    Difference: item.difference === null ? null : fromMilli(item.difference),
  })),
  InventoryLogs: summary.logs.map((log) => ({
    Date: log.createdAt,
    IDUser: log.userId,
    Message: log.message,
  })),
});
