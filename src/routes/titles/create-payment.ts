import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { payTitle } from "../../domain/titles/payments";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  detailBody,
  PAYABLE_ROUTES,
  payableParams,
  RECEIVABLE_ROUTES,
  receivableParams,
  TitlePaymentCreateSchema,
  type TitleRouteKind,
} from "./schemas";

const paymentConfig = <P extends z.ZodObject>(kind: TitleRouteKind, params: P) => ({
  method: "post" as const,
  operationId: `create${kind.name}Payment`,
  tags: [kind.tag],
  summary: `Registra um ${kind.paymentNoun} da ${kind.noun}`,
  description:
    `Lança uma ${kind.domain.typeAccount === 0 ? "entrada" : "saída"} no extrato interno da conta bancária ` +
    `(descrição \`${kind.domain.entryPrefix} <descrição da conta>\`, data-hora \`<Date> 00:00:00\` no fuso ` +
    "da empresa, documento da conta) e baixa o valor em aberto na mesma transação. O IDAccountPayment é o " +
    "IDBankStatement desse lançamento. Valor acima do em aberto é recusado, também entre pagamentos " +
    "simultâneos. Resposta: o detalhe da conta.",
  request: { params, body: jsonBody(TitlePaymentCreateSchema) },
  responses: jsonOk(kind.schemas.Detail, `A ${kind.noun} com o ${kind.paymentNoun}`),
});

export const createAccountPayablePaymentRoute = createRoute({
  path: "/accounts/payable/{idaccountpayable}/payment",
  ...paymentConfig(PAYABLE_ROUTES, payableParams),
});

export const createAccountReceivablePaymentRoute = createRoute({
  path: "/accounts/receivable/{idaccountreceivable}/payment",
  ...paymentConfig(RECEIVABLE_ROUTES, receivableParams),
});

type PaymentBody = z.infer<typeof TitlePaymentCreateSchema>;

async function pay(c: Context<AppEnv>, kind: TitleRouteKind, id: number, body: PaymentBody) {
  const detail = await payTitle(c.get("db"), c.get("caller"), kind.domain, id, {
    bankAccountId: body.IDBankAccount,
    value: body.Value,
    date: body.Date,
  });
  return detailBody(kind, detail);
}

export const createAccountPayablePayment: AppRouteHandler<typeof createAccountPayablePaymentRoute> = async (
  c,
) => c.json(await pay(c, PAYABLE_ROUTES, c.req.valid("param").idaccountpayable, c.req.valid("json")), 200);

export const createAccountReceivablePayment: AppRouteHandler<
  typeof createAccountReceivablePaymentRoute
> = async (c) =>
  c.json(await pay(c, RECEIVABLE_ROUTES, c.req.valid("param").idaccountreceivable, c.req.valid("json")), 200);
