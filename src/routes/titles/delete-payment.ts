import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteTitlePayment } from "../../domain/titles/payments";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import {
  EmptyListSchema,
  PAYABLE_ROUTES,
  payablePaymentParams,
  RECEIVABLE_ROUTES,
  receivablePaymentParams,
  type TitleRouteKind,
} from "./schemas";

const deletePaymentConfig = <P extends z.ZodObject>(kind: TitleRouteKind, params: P) => ({
  method: "delete" as const,
  operationId: `delete${kind.name}Payment`,
  tags: [kind.tag],
  summary: `Exclui um ${kind.paymentNoun} da ${kind.noun}`,
  description:
    "Remove o lançamento do extrato interno e devolve o valor ao em aberto da conta, na mesma transação. " +
    `Recusado quando o lançamento está conciliado (\`${kind.domain.messages.paymentReconciled}\`). Resposta: \`[]\`.`,
  request: { params },
  responses: jsonOk(EmptyListSchema, "Lista vazia"),
});

export const deleteAccountPayablePaymentRoute = createRoute({
  path: "/accounts/payable/{idaccountpayable}/payment/{idaccountpayment}",
  ...deletePaymentConfig(PAYABLE_ROUTES, payablePaymentParams),
});

export const deleteAccountReceivablePaymentRoute = createRoute({
  path: "/accounts/receivable/{idaccountreceivable}/payment/{idaccountpayment}",
  ...deletePaymentConfig(RECEIVABLE_ROUTES, receivablePaymentParams),
});

async function removePayment(c: Context<AppEnv>, kind: TitleRouteKind, titleId: number, paymentId: number) {
  await deleteTitlePayment(c.get("db"), c.get("caller").companyId, kind.domain, titleId, paymentId);
  return [] as [];
}

export const deleteAccountPayablePayment: AppRouteHandler<typeof deleteAccountPayablePaymentRoute> = async (
  c,
) => {
  const { idaccountpayable, idaccountpayment } = c.req.valid("param");
  return c.json(await removePayment(c, PAYABLE_ROUTES, idaccountpayable, idaccountpayment), 200);
};

export const deleteAccountReceivablePayment: AppRouteHandler<
  typeof deleteAccountReceivablePaymentRoute
> = async (c) => {
  const { idaccountreceivable, idaccountpayment } = c.req.valid("param");
  return c.json(await removePayment(c, RECEIVABLE_ROUTES, idaccountreceivable, idaccountpayment), 200);
};
