import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteTitle } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import {
  EmptyListSchema,
  PAYABLE_ROUTES,
  payableParams,
  RECEIVABLE_ROUTES,
  receivableParams,
  type TitleRouteKind,
} from "./schemas";

const deleteConfig = <P extends z.ZodObject>(kind: TitleRouteKind, params: P) => ({
  method: "delete" as const,
  operationId: `delete${kind.name}`,
  tags: [kind.tag],
  summary: `Exclui uma ${kind.noun}`,
  description:
    `Exclusão lógica (Status 0): a conta some das listas e consultas. Recusada enquanto a conta tiver ` +
    `${kind.paymentNoun}s (\`${kind.domain.messages.hasPayments}\`) e para conta criada por outra área ` +
    `(pagamento de pedido, parcela de compra): 400 com o motivo. Resposta: \`[]\`.`,
  request: { params },
  responses: jsonOk(EmptyListSchema, "Lista vazia"),
});

export const deleteAccountPayableRoute = createRoute({
  path: "/accounts/payable/{idaccountpayable}",
  ...deleteConfig(PAYABLE_ROUTES, payableParams),
});

export const deleteAccountReceivableRoute = createRoute({
  path: "/accounts/receivable/{idaccountreceivable}",
  ...deleteConfig(RECEIVABLE_ROUTES, receivableParams),
});

async function removeTitle(c: Context<AppEnv>, kind: TitleRouteKind, id: number): Promise<[]> {
  await deleteTitle(c.get("db"), c.get("caller").companyId, kind.domain, id);
  return [];
}

export const deleteAccountPayable: AppRouteHandler<typeof deleteAccountPayableRoute> = async (c) =>
  c.json(await removeTitle(c, PAYABLE_ROUTES, c.req.valid("param").idaccountpayable), 200);

export const deleteAccountReceivable: AppRouteHandler<typeof deleteAccountReceivableRoute> = async (c) =>
  c.json(await removeTitle(c, RECEIVABLE_ROUTES, c.req.valid("param").idaccountreceivable), 200);
