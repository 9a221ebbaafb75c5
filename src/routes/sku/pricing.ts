import { createRoute, z } from "@hono/zod-openapi";
import { MARKUP_BELOW_LIMIT, PRICING_RATES_TOO_HIGH, SKU_NOT_FOUND } from "../../domain/stock/messages";
import { priceSku } from "../../domain/stock/pricing-operation";
import type { AppRouteHandler } from "../../http/router";
import { flagBody, idField, idPath, jsonBody, jsonOk, moneyBody } from "../../http/schemas";
import { fromCents } from "../../lib/money";

const percent = (name: string, min: number) =>
  z
    .number({ error: `${name} deve ser um número` })
    .refine(Number.isFinite, `${name} deve ser um número`)
    .refine(
      (v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6,
      `${name} aceita no máximo 4 casas decimais`,
    )
    .refine((v) => v >= min, `${name} não pode ser negativo`)
    .refine((v) => v <= 100_000, `${name} excede o máximo permitido`)
    .openapi({ minimum: min, maximum: 100_000 });

const PricingSchema = z
  .object({
    Markup: z
      .number({ error: "Markup deve ser um número" })
      .refine(Number.isFinite, "Markup deve ser um número")
      .refine((v) => v <= 100_000, "Markup excede o máximo permitido")
      .openapi({
        maximum: 100_000,
        description: "Markup sobre o custo, em % (ex.: 80 = 80 %); não pode ser menor que -100",
        example: 80,
      }),
    TaxRate: percent("TaxRate", 0)
      .optional()
      .openapi({ description: "Impostos sobre o preço de venda, em %", example: 18 }),
    FeeRate: percent("FeeRate", 0)
      .optional()
      .openapi({ description: "Taxas (marketplace, cartão) sobre o preço, em %", example: 12 }),
    FixedFee: moneyBody("FixedFee")
      .optional()
      .openapi({ description: "Taxa fixa por unidade (R$)", example: 5 }),
    Cost: moneyBody("Cost").optional().openapi({
      description:
        "Custo base (R$); omitido: o custo médio do estoque, ou o custo de cadastro quando não há custo médio",
    }),
    UpdateIfPossible: flagBody("UpdateIfPossible").optional().openapi({
      description:
        "1 grava o preço calculado quando ele é válido (positivo e não abaixo do custo, salvo se o SKU permite)",
    }),
  })
  .openapi("SkuPricing");

const PricingResultSchema = z
  .object({
    IDSku: idField("SKU"),
    Cost: z.number().openapi({ description: "Custo usado (R$)", example: 10 }),
    Markup: z.number().openapi({ example: 80 }),
    TaxRate: z.number().openapi({ example: 18 }),
    FeeRate: z.number().openapi({ example: 12 }),
    FixedFee: z.number().openapi({ example: 5 }),
    CalculatedPrice: z.number().openapi({ description: "Preço calculado (R$)", example: 32.86 }),
    PreviousPrice: z.number().openapi({ description: "Preço antes da operação (R$)", example: 29.9 }),
    Price: z.number().openapi({ description: "Preço do SKU após a operação (R$)", example: 32.86 }),
    Updated: z.number().int().openapi({ description: "1 quando o preço foi gravado", example: 1 }),
    Message: z.string().openapi({ description: "O que foi feito e por quê", example: "Preço atualizado" }),
  })
  .openapi("SkuPricingResult");

export const skuPricingRoute = createRoute({
  method: "post",
  path: "/sku/pricing/{idsku}",
  operationId: "priceSku",
  tags: ["SKU"],
  summary: "Precificação do SKU",
  description: `Preço = (custo x (1 + Markup/100) + FixedFee) / (1 - (TaxRate + FeeRate)/100), arredondado ao centavo: impostos e taxas incidem sobre o preço de venda. Com \`UpdateIfPossible=1\` grava o preço somente quando ele é positivo e não fica abaixo do custo (salvo quando o SKU tem \`AllowPriceBelowCost\` 1); a resposta diz o que foi feito e por quê. 400 \`${SKU_NOT_FOUND}\`, \`${MARKUP_BELOW_LIMIT}\`, \`${PRICING_RATES_TOO_HIGH}\`.`,
  request: {
    params: z.object({ idsku: idPath("idsku") }),
    body: jsonBody(
      PricingSchema.openapi({ example: { Markup: 80, TaxRate: 18, FeeRate: 12, UpdateIfPossible: 1 } }),
    ),
  },
  responses: jsonOk(PricingResultSchema, "Resultado da precificação"),
});

export const skuPricing: AppRouteHandler<typeof skuPricingRoute> = async (c) => {
  const { idsku } = c.req.valid("param");
  const body = c.req.valid("json");
  const result = await priceSku(c.get("db"), c.get("caller").companyId, idsku, {
    markupPct: body.Markup,
    taxPct: body.TaxRate ?? 0,
    feePct: body.FeeRate ?? 0,
    fixedFee: body.FixedFee ?? 0,
    cost: body.Cost,
    updateIfPossible: body.UpdateIfPossible === 1,
  });
  return c.json(
    {
      IDSku: idsku,
      Cost: fromCents(result.cost),
      Markup: body.Markup,
      TaxRate: body.TaxRate ?? 0,
      FeeRate: body.FeeRate ?? 0,
      FixedFee: fromCents(body.FixedFee ?? 0),
      CalculatedPrice: fromCents(result.calculated),
      PreviousPrice: fromCents(result.previous),
      Price: fromCents(result.price),
      Updated: result.updated ? 1 : 0,
      Message: result.message,
    },
    200,
  );
};
