import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { changeTitle } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import {
  detailBody,
  PAYABLE_ROUTES,
  payableParams,
  RECEIVABLE_ROUTES,
  receivableParams,
  type TitleJson,
  type TitleRouteKind,
  titleInput,
} from "./schemas";

const updateConfig = <P extends z.ZodObject>(kind: TitleRouteKind, params: P) => ({
  method: "put" as const,
  operationId: `update${kind.name}`,
  tags: [kind.tag],
  summary: `Altera uma ${kind.noun}`,
  description:
    "Só os campos enviados mudam; null limpa um id de cadastro opcional. Um novo Value mantém o que já foi " +
    "liquidado: OpenValue = Value - liquidado, e Status é recalculado. Value abaixo do já liquidado é recusado. " +
    "Conta criada por outra área: a conta a receber de um pagamento de pedido só muda por " +
    "PUT /orders/{idorder}/payment/{idaccountpayablereceivable} (400 que aponta a rota), salvo um corpo só com as chaves " +
    "de cobrança NossoNumero e/ou TxId, que não mexem em valores; a conta a pagar de uma " +
    "parcela de compra mantém Value, DueDate, IDSupplier e IDTypePayment (400 quando um deles muda; os demais " +
    "campos podem ser alterados). Resposta: o detalhe da conta.",
  request: { params, body: jsonBody(kind.schemas.Update) },
  responses: jsonOk(kind.schemas.Detail, `A ${kind.noun} alterada`),
});

export const updateAccountPayableRoute = createRoute({
  path: "/accounts/payable/{idaccountpayable}",
  ...updateConfig(PAYABLE_ROUTES, payableParams),
});

export const updateAccountReceivableRoute = createRoute({
  path: "/accounts/receivable/{idaccountreceivable}",
  ...updateConfig(RECEIVABLE_ROUTES, receivableParams),
});

async function changeTitleOf(c: Context<AppEnv>, kind: TitleRouteKind, id: number, body: TitleJson) {
  const changes = titleInput(kind, body);
  return detailBody(
    kind,
    await changeTitle(c.get("db"), c.get("caller").companyId, kind.domain, id, changes),
  );
}

export const updateAccountPayable: AppRouteHandler<typeof updateAccountPayableRoute> = async (c) =>
  c.json(
    await changeTitleOf(c, PAYABLE_ROUTES, c.req.valid("param").idaccountpayable, c.req.valid("json")),
    200,
  );

export const updateAccountReceivable: AppRouteHandler<typeof updateAccountReceivableRoute> = async (c) =>
  c.json(
    await changeTitleOf(c, RECEIVABLE_ROUTES, c.req.valid("param").idaccountreceivable, c.req.valid("json")),
    200,
  );
