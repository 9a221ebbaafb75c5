import { z } from "@hono/zod-openapi";
import type { MovementRow } from "../../db/stock/ledger";
import { CEST_INVALID, NCM_INVALID, ORIGIN_INVALID } from "../../domain/stock/messages";
import { fromMilli } from "../../domain/stock/quantities";
import type { BatchView, SkuView } from "../../domain/stock/registry";
import {
  flagBody,
  idBody,
  idField,
  moneyBody,
  quantityField,
  requiredText,
  statusField,
  textBody,
} from "../../http/schemas";
import { fromCents } from "../../lib/money";

/** Shared schemas of the stock operations under /sku. Quantities: numbers with up to 3 decimals. */

/** The NF-e's `orig` (table A of the ICMS CST): where the goods come from. */
const GOODS_ORIGINS = {
  0: "nacional (exceto 3, 4, 5 e 8)",
  1: "estrangeira, importação direta (exceto 6)",
  2: "estrangeira, adquirida no mercado interno (exceto 7)",
  3: "nacional, conteúdo de importação acima de 40% e até 70%",
  4: "nacional, produzida conforme os processos produtivos básicos",
  5: "nacional, conteúdo de importação até 40%",
  6: "estrangeira, importação direta sem similar nacional (lista da CAMEX)",
  7: "estrangeira, adquirida no mercado interno sem similar nacional (lista da CAMEX)",
  8: "nacional, conteúdo de importação acima de 70%",
} as const;
const ORIGIN_TEXT = Object.entries(GOODS_ORIGINS)
  .map(([code, text]) => `${code} ${text}`)
  .join("; ");

/** A fiscal code of digits, `.` accepted and dropped (`0901.21.00`); empty or null clears it. */
const fiscalCodeBody = (digits: RegExp, message: string) =>
  z
    .string({ error: message })
    .transform((text, ctx) => {
      if (text.trim() === "") return null;
      const code = text.trim().replaceAll(".", "");
      if (digits.test(code)) return code;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .nullable()
    .optional();

export const typeMovementBody = z
  .union([z.literal(0), z.literal(1)], { error: "IDTypeMovement deve ser 0 (entrada) ou 1 (saída)" })
  .openapi({ type: "integer", enum: [0, 1], description: "0 entrada, 1 saída", example: 0 });

export const SkuSchema = z
  .object({
    IDSku: idField("Id do SKU (o mesmo registro de /product)"),
    IDProduct: idField("Id no cadastro de produtos (igual a IDSku: um único cadastro)"),
    Code: z
      .string()
      .nullable()
      .openapi({ description: "Código do SKU, único na empresa", example: "CAM-001-P" }),
    EAN: z
      .string()
      .nullable()
      .openapi({ description: "Código de barras GTIN/EAN", example: "7891234567895" }),
    Name: z.string().openapi({ example: "Camiseta básica P" }),
    IDBrand: z.number().int().nullable().openapi({ example: 1 }),
    Unit: z.string().openapi({
      description: "Unidade de medida (UN, KG, L, M, CX...); na NF-e, a unidade comercial do item (uCom)",
      example: "UN",
    }),
    DecimalQuantity: z
      .number()
      .int()
      .openapi({ description: "1 aceita quantidades com até 3 decimais; 0 só inteiras", example: 0 }),
    BatchControl: z
      .number()
      .int()
      .openapi({ description: "1: toda movimentação informa o lote", example: 0 }),
    TaxProfile: z
      .string()
      .nullable()
      .openapi({ description: "Perfil tributário (chave do cadastro de tributação)", example: "REVENDA-SP" }),
    NCM: z
      .string()
      .nullable()
      .openapi({ description: "NCM da mercadoria, 8 dígitos (NF-e: NCM)", example: "09012100" }),
    CEST: z
      .string()
      .nullable()
      .openapi({ description: "CEST, 7 dígitos, ou null (NF-e: CEST)", example: "1709600" }),
    Origin: z
      .number()
      .int()
      .nullable()
      .openapi({ description: `Origem da mercadoria (NF-e: orig): ${ORIGIN_TEXT}`, example: 0 }),
    Cost: z.number().openapi({ description: "Custo de cadastro (R$)", example: 12.5 }),
    AverageCost: z.number().openapi({
      description: "Custo médio ponderado móvel atual (R$), do razão de estoque",
      example: 12.73,
    }),
    Price: z.number().openapi({ description: "Preço de venda (R$)", example: 39.9 }),
    AllowPriceBelowCost: z
      .number()
      .int()
      .openapi({ description: "1 permite à precificação gravar preço abaixo do custo", example: 0 }),
    IsActive: z.number().int().openapi({ example: 1 }),
    Status: statusField,
  })
  .openapi("Sku");

export const skuBody = (row: SkuView) => ({
  IDSku: row.id,
  IDProduct: row.id,
  Code: row.code,
  EAN: row.ean,
  Name: row.name,
  IDBrand: row.brandId,
  Unit: row.unit,
  DecimalQuantity: row.decimalQuantity,
  BatchControl: row.batchControl,
  TaxProfile: row.taxProfile,
  NCM: row.ncm,
  CEST: row.cest,
  Origin: row.origin,
  Cost: fromCents(row.cost),
  AverageCost: fromCents(row.averageCost),
  Price: fromCents(row.price),
  AllowPriceBelowCost: row.allowPriceBelowCost,
  IsActive: row.isActive,
  Status: row.status,
});

export const SkuCreateSchema = z
  .object({
    Code: textBody("Code", 60).trim().nullable().optional().openapi({ example: "CAM-001-P" }),
    EAN: z
      .string({ error: "EAN deve ser um texto" })
      .regex(/^(\d{8}|\d{12,14})?$/, "EAN deve ter 8, 12, 13 ou 14 dígitos")
      .nullable()
      .optional()
      .openapi({ example: "7891234567895" }),
    Name: requiredText("Name", 200).openapi({ example: "Camiseta básica P" }),
    IDBrand: idBody("IDBrand").nullable().optional(),
    Unit: z
      .string({ error: "Unit deve ser um texto" })
      .trim()
      .regex(/^[A-Za-z0-9]{1,6}$/, "Unit deve ter de 1 a 6 letras ou dígitos")
      .transform((u) => u.toUpperCase())
      .optional()
      .openapi({ example: "UN", default: "UN" }),
    DecimalQuantity: flagBody("DecimalQuantity").optional().openapi({ default: 0 }),
    BatchControl: flagBody("BatchControl").optional().openapi({ default: 0 }),
    TaxProfile: textBody("TaxProfile", 60).nullable().optional(),
    NCM: fiscalCodeBody(/^\d{8}$/, NCM_INVALID).openapi({
      type: ["string", "null"],
      maxLength: 10,
      example: "09012100",
      description: `NCM da mercadoria (NF-e: NCM): 8 dígitos (\`0901.21.00\` aceito, guardado só com dígitos); vazio ou null apaga; a emissão da NF-e o exigirá. 400 \`${NCM_INVALID}\`.`,
    }),
    CEST: fiscalCodeBody(/^\d{7}$/, CEST_INVALID).openapi({
      type: ["string", "null"],
      maxLength: 9,
      example: "1709600",
      description: `CEST (NF-e: CEST), opcional: 7 dígitos (\`17.096.00\` aceito, guardado só com dígitos); vazio ou null apaga. 400 \`${CEST_INVALID}\`.`,
    }),
    Origin: z
      .number({ error: ORIGIN_INVALID })
      .int(ORIGIN_INVALID)
      .min(0, ORIGIN_INVALID)
      .max(8, ORIGIN_INVALID)
      .nullable()
      .optional()
      .openapi({
        type: ["integer", "null"],
        minimum: 0,
        maximum: 8,
        description: `Origem da mercadoria (NF-e: orig): ${ORIGIN_TEXT}; null apaga; a emissão da NF-e a exigirá. 400 \`${ORIGIN_INVALID}\`.`,
      }),
    Cost: moneyBody("Cost").optional().openapi({ default: 0 }),
    Price: moneyBody("Price").optional().openapi({ default: 0 }),
    AllowPriceBelowCost: flagBody("AllowPriceBelowCost").optional().openapi({ default: 0 }),
    IsActive: flagBody("IsActive").optional().openapi({ default: 1 }),
  })
  .openapi("SkuCreate");

export const SkuUpdateSchema = SkuCreateSchema.partial().openapi("SkuUpdate");

export const skuInput = (body: z.infer<typeof SkuUpdateSchema>) => ({
  code: body.Code,
  ean: body.EAN,
  name: body.Name,
  brandId: body.IDBrand,
  unit: body.Unit,
  decimalQuantity: body.DecimalQuantity,
  batchControl: body.BatchControl,
  taxProfile: body.TaxProfile,
  ncm: body.NCM,
  cest: body.CEST,
  origin: body.Origin,
  cost: body.Cost,
  price: body.Price,
  allowPriceBelowCost: body.AllowPriceBelowCost,
  isActive: body.IsActive,
});

export const MovementSchema = z
  .object({
    IDSkuMovement: idField("Id da movimentação"),
    IDSku: idField("SKU"),
    IDWarehouse: idField("Depósito"),
    IDBatch: z.number().int().nullable().openapi({ description: "Lote, quando o SKU controla lote" }),
    Date: z
      .string()
      .openapi({ description: "Data-hora do lançamento (fuso da empresa)", example: "2026-05-29 14:03:11" }),
    IDTypeMovement: z.number().int().openapi({ description: "0 entrada, 1 saída", example: 0 }),
    Quantity: quantityField("Quantidade movimentada, sempre positiva"),
    UnitCost: z.number().openapi({
      description: "Custo unitário (R$): o informado na entrada; o custo médio do momento na saída",
      example: 12.5,
    }),
    TotalCost: z.number().openapi({ description: "Quantidade x custo unitário (R$)", example: 125 }),
    QtyBalance: quantityField(
      "Saldo após a linha: do SKU no depósito (Kardex) ou do lote em todos os depósitos (KardexBatch)",
    ),
    AverageCost: z
      .number()
      .openapi({ description: "Custo médio do SKU na empresa após a linha (R$)", example: 12.73 }),
    BalanceCost: z.number().openapi({
      description:
        "Valor acumulado após a linha (R$): saldo x custo médio (Kardex) ou custo acumulado do lote (KardexBatch)",
      example: 1273,
    }),
    Origin: z.string().openapi({
      description: "manual, transfer, inventory, order, purchase ou production",
      example: "manual",
    }),
    IDOrigin: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Id do documento de origem (inventário, pedido...)" }),
    Reason: z.string().nullable().openapi({ example: "Avaria na conferência" }),
  })
  .openapi("SkuMovement");

export const movementBody = (row: MovementRow, batchView = false) => {
  const qtyBalance = batchView ? (row.batchQtyAfter ?? 0) : row.warehouseQtyAfter;
  return {
    IDSkuMovement: row.id,
    IDSku: row.skuId,
    IDWarehouse: row.warehouseId,
    IDBatch: row.batchId,
    Date: row.date,
    IDTypeMovement: row.typeMovement,
    Quantity: fromMilli(row.quantity),
    UnitCost: fromCents(row.unitCost),
    TotalCost: fromCents(Math.round((row.quantity * row.unitCost) / 1000)),
    QtyBalance: fromMilli(qtyBalance),
    AverageCost: fromCents(row.averageCost),
    BalanceCost: batchView
      ? fromCents(Math.round((row.batchValueAfter ?? 0) / 1000))
      : fromCents(Math.round((row.warehouseQtyAfter * row.averageCost) / 1000)),
    Origin: row.origin,
    IDOrigin: row.originId,
    Reason: row.reason,
  };
};

export const BatchSchema = z
  .object({
    IDBatch: idField("Lote"),
    IDSku: idField("SKU do lote"),
    Code: z.string().openapi({ example: "L2026-05A" }),
    ExpirationDate: z.string().nullable().openapi({ format: "date", example: "2026-12-31" }),
    ManufacturingDate: z.string().nullable().openapi({ format: "date", example: "2026-05-01" }),
    DaysToExpire: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Dias até o vencimento (negativo: vencido)", example: 216 }),
    QtyOnStock: quantityField("Saldo do lote (todos os depósitos, ou o IDWarehouse pedido)"),
  })
  .openapi("SkuBatch");

export const batchBody = (row: BatchView) => ({
  IDBatch: row.id,
  IDSku: row.skuId,
  Code: row.code,
  ExpirationDate: row.expirationDate,
  ManufacturingDate: row.manufacturingDate,
  DaysToExpire: row.daysToExpire,
  QtyOnStock: fromMilli(row.qty),
});
