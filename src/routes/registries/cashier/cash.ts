import { createRoute, z } from "@hono/zod-openapi";
import { BANK_ACCOUNT_NOT_FOUND } from "../../../domain/bank-accounts/messages";
import { CASHIER_NOT_OPEN } from "../../../domain/registries/messages";
import { receiveCashAtCashier } from "../../../domain/store-front/cashier-payments";
import type { AppRouteHandler } from "../../../http/router";
import { idBody, idField, jsonBody, jsonOk, moneyBody } from "../../../http/schemas";
import { fromCents } from "../../../lib/money";
import { cashierParams, receiptBody, receiptFields } from "./schemas";

const CashierCashBodySchema = z
  .object({
    IDAccountReceivable: idBody("IDAccountReceivable").openapi({
      description: "Conta a receber paga em dinheiro no caixa",
    }),
    Value: moneyBody("Value", { positive: true }).openapi({
      description: "Valor recebido da conta a receber (no máximo o valor em aberto): o lançamento no caixa",
      example: 100,
    }),
    CashReceived: moneyBody("CashReceived", { positive: true }).openapi({
      description:
        "Dinheiro entregue pelo cliente (no mínimo Value); a diferença é o troco devolvido, que a NFC-e da venda informa em vTroco",
      example: 150,
    }),
  })
  .openapi("CashierCashBody");

const CashierCashSchema = z
  .object({
    IDCashierCash: idField("Id do recebimento em dinheiro no caixa"),
    ...receiptFields,
    Value: z.number().openapi({ description: "Valor recebido", example: 100 }),
    CashReceived: z.number().openapi({ description: "Dinheiro entregue pelo cliente", example: 150 }),
    Change: z.number().openapi({ description: "Troco devolvido (CashReceived - Value)", example: 50 }),
  })
  .openapi("CashierCash");

export const receiveCashierCashRoute = createRoute({
  method: "post",
  path: "/store-front/cashier/{idbankaccount}/cash",
  operationId: "receiveCashierCash",
  tags: ["Store front"],
  summary: "Recebe uma conta a receber em dinheiro no caixa, com o troco",
  description: `Exige um caixa aberto na conta. Lança \`Value\` na conta bancária do caixa (o mesmo pagamento de \`POST /accounts/receivable/{id}/payment\`) e guarda o dinheiro entregue (\`CashReceived\`), numa única gravação; a diferença é o troco (\`Change\`). A NFC-e do pedido da conta a receber informa esse título como dinheiro (tPag 01) com vPag = dinheiro entregue e o troco em \`vTroco\`. 400 \`${BANK_ACCOUNT_NOT_FOUND}\`, \`${CASHIER_NOT_OPEN}\`, \`Conta a receber não existe\`, \`CashReceived (R$ …) abaixo de Value (R$ …): …\`, e a mensagem de valor acima do aberto dos títulos.`,
  request: { params: cashierParams, body: jsonBody(CashierCashBodySchema) },
  responses: jsonOk(z.array(CashierCashSchema), "Array de um item: o recebimento registrado"),
});

export const receiveCashierCash: AppRouteHandler<typeof receiveCashierCashRoute> = async (c) => {
  const body = c.req.valid("json");
  const cash = await receiveCashAtCashier(c.get("db"), c.get("caller"), c.req.valid("param").idbankaccount, {
    titleId: body.IDAccountReceivable,
    value: body.Value,
    cashReceived: body.CashReceived,
  });
  return c.json(
    [
      {
        IDCashierCash: cash.id,
        ...receiptBody(cash),
        Value: fromCents(cash.value),
        CashReceived: fromCents(cash.cashReceived),
        Change: fromCents(cash.cashReceived - cash.value),
      },
    ],
    200,
  );
};
