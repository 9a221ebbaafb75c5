import { z } from "@hono/zod-openapi";
import type { OrderItemView } from "../../../db/orders/orders";
import type { ItemRequest } from "../../../domain/orders/items";
import { fromMilli } from "../../../domain/stock/quantities";
import {
  flagBody,
  idBody,
  idField,
  moneyBody,
  moneyField,
  quantityBody,
  quantityField,
} from "../../../http/schemas";
import { fromBasisPoints, fromCents } from "../../../lib/money";

import { nullableId, rate, taxRateFields, taxRatesOf } from "./common";

const manualTaxFields = z.object(taxRateFields).partial().shape;

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

export const itemChangesOf = (body: ItemJson) => ({
  quantity: body.Quantity,
  unitPrice: body.UnitPrice,
  discount: body.Discount,
  manualTax: body.ManualTax,
  reverseTaxCalculation: body.ReverseTaxCalculation,
  tax: taxRatesOf(body),
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
    UnitPrice: moneyField("Preço unitário"),
    Discount: moneyField("Desconto do item"),
    Value: moneyField("Valor do item sem tributos (base de cálculo)"),
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
    IcmsValue: moneyField("ICMS"),
    CstIpi: z.string().nullable(),
    IpiRate: rate("Alíquota de IPI"),
    IpiValue: moneyField("IPI"),
    CstPis: z.string().nullable(),
    PisRate: rate("Alíquota de PIS"),
    PisValue: moneyField("PIS"),
    CstCofins: z.string().nullable(),
    CofinsRate: rate("Alíquota de COFINS"),
    CofinsValue: moneyField("COFINS"),
    IDNfCstIbsCbs: nullableId("CST de IBS/CBS"),
    IbsRate: rate("Alíquota de IBS"),
    IbsValue: moneyField("IBS"),
    CbsRate: rate("Alíquota de CBS"),
    CbsValue: moneyField("CBS"),
    TaxTotal: moneyField("Soma dos tributos"),
    Total: moneyField("Value + TaxTotal"),
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
  IcmsRate: fromBasisPoints(i.icmsRate),
  IcmsValue: fromCents(i.icmsValue),
  CstIpi: i.ipiCst,
  IpiRate: fromBasisPoints(i.ipiRate),
  IpiValue: fromCents(i.ipiValue),
  CstPis: i.pisCst,
  PisRate: fromBasisPoints(i.pisRate),
  PisValue: fromCents(i.pisValue),
  CstCofins: i.cofinsCst,
  CofinsRate: fromBasisPoints(i.cofinsRate),
  CofinsValue: fromCents(i.cofinsValue),
  IDNfCstIbsCbs: i.cstIbsCbsId,
  IbsRate: fromBasisPoints(i.ibsRate),
  IbsValue: fromCents(i.ibsValue),
  CbsRate: fromBasisPoints(i.cbsRate),
  CbsValue: fromCents(i.cbsValue),
  TaxTotal: fromCents(i.taxTotal),
  Total: fromCents(i.total),
  IDStockMovement: i.outMovementId,
  IDStockMovementReturn: i.returnMovementId,
});
