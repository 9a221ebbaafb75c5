import { z } from "@hono/zod-openapi";
import type { BillOfMaterials, ProductionDetail } from "../../domain/production/production";
import { fromMilli } from "../../domain/stock/quantities";
import { idField, idPath, quantityField } from "../../http/schemas";
import { fromCents } from "../../lib/money";

export const PRODUCTION_TAG = "Production";

export const ProductionParams = z.object({
  idstockkeepingunitproduction: idPath("idstockkeepingunitproduction"),
});

export const BomSchema = z
  .object({
    IDSku: idField("SKU produzido"),
    SkuName: z.string().openapi({ description: "Nome do SKU produzido", example: "Kit café da manhã" }),
    Items: z.array(
      z.object({
        IDSkuInput: idField("Insumo"),
        SkuCode: z.string().nullable().openapi({ description: "Código do insumo", example: "CAF-500" }),
        SkuName: z.string().openapi({ description: "Nome do insumo", example: "Café torrado 500 g" }),
        Quantity: quantityField("Quantidade do insumo por unidade produzida"),
      }),
    ),
  })
  .openapi("SkuBillOfMaterials");

export const bomBody = (bom: BillOfMaterials) => ({
  IDSku: bom.sku.id,
  SkuName: bom.sku.name,
  Items: bom.lines.map((l) => ({
    IDSkuInput: l.inputSkuId,
    SkuCode: l.code,
    SkuName: l.name,
    Quantity: fromMilli(l.quantity),
  })),
});

export const ProductionSchema = z
  .object({
    IDStockKeepingUnitProduction: idField("Ordem de produção"),
    IDSku: idField("SKU produzido"),
    SkuCode: z.string().nullable().openapi({ description: "Código do SKU produzido", example: "KIT-CAFE" }),
    SkuName: z.string().openapi({ description: "Nome do SKU produzido", example: "Kit café da manhã" }),
    Quantity: quantityField("Quantidade produzida"),
    IDWarehouse: idField("Depósito de onde saem os insumos e onde entra o produto"),
    IDBatch: z.number().int().nullable().openapi({ description: "Lote do produto, quando controla lote" }),
    Description: z.string().nullable(),
    Finished: z.number().int().openapi({ description: "1 depois de finalizada", example: 0 }),
    FinishedAt: z.string().nullable().openapi({ example: "2026-11-23 18:00:00" }),
    TotalCost: z.number().openapi({
      description: "Soma dos custos das linhas (R$): o custo de entrada do produto",
      example: 42.5,
    }),
    IDPurchase: z.number().int().nullable().openapi({
      description: "Documento de recebimento (GET /purchase/{idpurchase}), depois de finalizada",
    }),
    CreatedAt: z.string().openapi({ example: "2026-11-23 13:00:00" }),
    Items: z.array(
      z
        .object({
          IDStockKeepingUnitProductionItem: idField("Linha consumida"),
          IDSku: idField("Insumo"),
          SkuCode: z.string().nullable().openapi({ description: "Código do insumo", example: "CAF-500" }),
          SkuName: z.string().openapi({ description: "Nome do insumo", example: "Café torrado 500 g" }),
          IDBatch: z.number().int().nullable(),
          Quantity: quantityField("Quantidade consumida"),
          UnitCost: z.number().openapi({
            description: "Custo médio do insumo (R$): o do momento da finalização; antes dela, o atual",
            example: 12.5,
          }),
          TotalCost: z.number().openapi({ description: "Custo da linha (R$)", example: 25 }),
        })
        .openapi("SkuProductionItem"),
    ),
  })
  .openapi("SkuProduction");

export const productionBody = (detail: ProductionDetail) => {
  const p = detail.production;
  return {
    IDStockKeepingUnitProduction: p.id,
    IDSku: p.skuId,
    SkuCode: p.skuCode,
    SkuName: p.skuName,
    Quantity: fromMilli(p.quantity),
    IDWarehouse: p.warehouseId,
    IDBatch: p.batchId,
    Description: p.description,
    Finished: p.finished,
    FinishedAt: p.finishedAt,
    TotalCost: fromCents(detail.totalCost),
    IDPurchase: p.purchaseId,
    CreatedAt: p.createdAt,
    Items: detail.items.map((i) => ({
      IDStockKeepingUnitProductionItem: i.id,
      IDSku: i.inputSkuId,
      SkuCode: i.skuCode,
      SkuName: i.skuName,
      IDBatch: i.batchId,
      Quantity: fromMilli(i.quantity),
      UnitCost: fromCents(i.lineUnitCost),
      TotalCost: fromCents(i.lineCost),
    })),
  };
};
