import { createRoute, z } from "@hono/zod-openapi";
import { checkPurchase as check } from "../../domain/purchases/check";
import { COUNT_NEGATIVE, PURCHASE_ALREADY_RECEIVED } from "../../domain/purchases/messages";
import type { AppRouteHandler } from "../../http/router";
import { dateString, flagBody, idBody, jsonBody, jsonOk, textBody } from "../../http/schemas";
import { PURCHASE_TAG, PurchaseParams } from "./schemas/common";
import { PurchaseDetailSchema, purchaseDetailBody } from "./schemas/purchases";

const countBody = (name: string) =>
  z.number({ error: `${name} deve ser um número` }).openapi({
    type: "number",
    multipleOf: 0.001,
    minimum: 0,
    maximum: 1_000_000,
    example: 10,
    description: `${name}: quantidade conferida, zero ou mais, até 3 casas decimais`,
  });

const CheckSchema = z
  .object({
    CreateNewPurchaseSentMore: flagBody("CreateNewPurchaseSentMore").optional().openapi({
      description:
        "1: o que veio além do comprado vai para uma nova compra (status 7, origem surplus), cujo id volta em IDPurchaseSurplus; sem ele, excedente é recusado",
      default: 0,
    }),
    Items: z
      .array(
        z.object({
          IDStockKeepingUnitPurchase: idBody("IDStockKeepingUnitPurchase").openapi({
            description: "Item da compra",
          }),
          Quantity: countBody("Quantity")
            .optional()
            .openapi({ description: "Quantidade conferida (SKU sem lote)" }),
          Batches: z
            .array(
              z.object({
                IDBatch: idBody("IDBatch").optional().openapi({ description: "Lote já cadastrado" }),
                Batch: textBody("Batch", 60)
                  .trim()
                  .optional()
                  .openapi({ description: "Código do lote; criado quando não existe", example: "L2026-11A" }),
                ExpirationDate: dateString("ExpirationDate").nullable().optional(),
                ManufacturingDate: dateString("ManufacturingDate").nullable().optional(),
                Quantity: countBody("Quantity"),
              }),
              { error: "Batches deve ser um array" },
            )
            .max(500, "Batches aceita no máximo 500 lotes")
            .optional()
            .openapi({ description: "Lotes conferidos (SKU que controla lote), com validade" }),
        }),
        { error: "Items deve ser um array" },
      )
      .max(5000, "Items aceita no máximo 5000 itens")
      .optional(),
  })
  .openapi("PurchaseCheck");

export const checkPurchaseRoute = createRoute({
  method: "post",
  path: "/purchase/{idpurchase}/check",
  operationId: "checkPurchase",
  tags: [PURCHASE_TAG],
  summary: "Conferência de recebimento",
  description: `Quantidades conferidas por item (todos os itens da compra; lote e validade quando o SKU controla lote). Num único lote atômico: entradas no estoque pelo custo unitário da compra (o custo médio é recalculado), contas a pagar pelas condições da compra (taxa da forma de pagamento para o número de parcelas, contadas da data do recebimento; sem forma de pagamento, as duplicatas (cobr/dup) da NF-e da chave chNFe da compra, uma conta por duplicata com seu vencimento e valor, a diferença para o total recebido acertada nas últimas; sem elas, uma parcela com vencimento no dia), status 9 (recebido) ou 8 quando faltou algo. Uma compra é conferida uma única vez, mesmo com requisições concorrentes. Erros 400: \`${PURCHASE_ALREADY_RECEIVED}\`, \`Items[<i>]. ${COUNT_NEGATIVE}\`, \`Quantidade conferida maior que a comprada no item ...: ... Envie CreateNewPurchaseSentMore=1 ...\`, \`Itens da compra não conferidos: <ids>\`, \`Compra no status <n> (...) não pode ser conferida: ...\`, \`Nenhuma quantidade conferida: ...\`; nada é gravado.`,
  request: {
    params: PurchaseParams,
    body: jsonBody(
      CheckSchema.openapi({
        example: {
          CreateNewPurchaseSentMore: 1,
          Items: [
            { IDStockKeepingUnitPurchase: 1, Quantity: 12 },
            {
              IDStockKeepingUnitPurchase: 2,
              Batches: [{ Batch: "L2026-11A", ExpirationDate: "2027-05-31", Quantity: 4 }],
            },
          ],
        },
      }),
    ),
  },
  responses: jsonOk(PurchaseDetailSchema, "A compra recebida, no formato de GET /purchase/{idpurchase}"),
});

export const checkPurchase: AppRouteHandler<typeof checkPurchaseRoute> = async (c) => {
  const { idpurchase } = c.req.valid("param");
  const body = c.req.valid("json");
  const result = await check(c.get("db"), c.get("caller"), idpurchase, {
    createSurplus: body.CreateNewPurchaseSentMore === 1,
    items: (body.Items ?? []).map((item) => ({
      itemId: item.IDStockKeepingUnitPurchase,
      quantity: item.Quantity ?? null,
      batches:
        item.Batches?.map((b) => ({
          batchId: b.IDBatch ?? null,
          code: b.Batch ?? null,
          expirationDate: b.ExpirationDate ?? null,
          manufacturingDate: b.ManufacturingDate ?? null,
          quantity: b.Quantity,
        })) ?? null,
    })),
  });
  return c.json(purchaseDetailBody(result.detail), 200);
};
