import { createRoute, z } from "@hono/zod-openapi";
import { BANK_ACCOUNT_NOT_FOUND } from "../../../domain/bank-accounts/messages";
import { CASHIER_NOT_OPEN } from "../../../domain/registries/messages";
import { receiveAtCashier } from "../../../domain/store-front/cashier-payments";
import type { AppRouteHandler } from "../../../http/router";
import { idBody, idField, jsonBody, jsonOk, moneyBody, textBody } from "../../../http/schemas";
import { fromCents } from "../../../lib/money";
import { cashierParams, receiptBody, receiptFields } from "./schemas";

const CATEGORY_MESSAGE = "TefPaymentCategory deve ser 22 (crédito), 23 (débito) ou 24 (Pix)";

const CashierPaymentBodySchema = z
  .object({
    IDAccountReceivable: idBody("IDAccountReceivable").openapi({
      description: "Conta a receber paga no caixa",
    }),
    Value: moneyBody("Value", { positive: true }),
    TefPaymentCategory: z
      .union([z.literal(22), z.literal(23), z.literal(24)], { error: CATEGORY_MESSAGE })
      .openapi({
        type: "integer",
        enum: [22, 23, 24],
        description: "22 cartão de crédito, 23 cartão de débito, 24 Pix",
      }),
    Nsu: textBody("Nsu", 64).trim().min(1, "Nsu é obrigatório").openapi({
      description: "NSU da transação TEF (ou identificador do Pix): único por conta",
      example: "000123456",
    }),
    AuthorizationCode: textBody("AuthorizationCode", 64)
      .nullable()
      .default(null)
      .openapi({ description: "Código de autorização da adquirente (cartão), se houver", example: "A1B2C3" }),
  })
  .openapi("CashierPaymentBody");

const CashierPaymentSchema = z
  .object({
    IDCashierPayment: idField("Id do recebimento no caixa"),
    ...receiptFields,
    TefPaymentCategory: z
      .number()
      .int()
      .openapi({ enum: [22, 23, 24], description: "22 cartão de crédito, 23 cartão de débito, 24 Pix" }),
    Nsu: z.string().openapi({ description: "NSU da transação TEF (ou identificador do Pix)" }),
    AuthorizationCode: z.string().nullable().openapi({ description: "Código de autorização, se houver" }),
    Value: z.number().openapi({ description: "Valor recebido", example: 150.25 }),
  })
  .openapi("CashierPayment");

export const receiveCashierPaymentRoute = createRoute({
  method: "post",
  path: "/store-front/cashier/{idbankaccount}/payment",
  operationId: "receiveCashierPayment",
  tags: ["Store front"],
  summary: "Recebe uma conta a receber no caixa (TEF: crédito, débito ou Pix)",
  description: `Exige um caixa aberto na conta. Lança o recebimento na conta bancária do caixa (o mesmo pagamento de \`POST /accounts/receivable/{id}/payment\`, com o NSU como documento) e registra o comprovante TEF, numa única gravação. \`TefPaymentCategory\`: 22 crédito, 23 débito, 24 Pix; outros valores são recusados. O NSU é único por conta: repetir a requisição não recebe duas vezes. 400 \`${BANK_ACCOUNT_NOT_FOUND}\`, \`${CASHIER_NOT_OPEN}\`, \`Conta a receber não existe\`, \`Pagamento TEF com NSU <nsu> já registrado nesta conta\`, e a mensagem de valor acima do aberto dos títulos.`,
  request: { params: cashierParams, body: jsonBody(CashierPaymentBodySchema) },
  responses: jsonOk(z.array(CashierPaymentSchema), "Array de um item: o recebimento registrado"),
});

export const receiveCashierPayment: AppRouteHandler<typeof receiveCashierPaymentRoute> = async (c) => {
  const body = c.req.valid("json");
  const payment = await receiveAtCashier(c.get("db"), c.get("caller"), c.req.valid("param").idbankaccount, {
    titleId: body.IDAccountReceivable,
    value: body.Value,
    category: body.TefPaymentCategory,
    nsu: body.Nsu,
    authorizationCode: body.AuthorizationCode,
  });
  return c.json(
    [
      {
        IDCashierPayment: payment.id,
        ...receiptBody(payment),
        TefPaymentCategory: payment.category,
        Nsu: payment.nsu,
        AuthorizationCode: payment.authorizationCode,
        Value: fromCents(payment.value),
      },
    ],
    200,
  );
};
