import { createRoute } from "@hono/zod-openapi";
import { createAcquirerLine as addAcquirerLine } from "../../domain/statement/lines";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { AcquirerLineSchema, acquirerLineBody, TAG } from "../bank-statement/schemas";
import { AcquirerLineBodySchema } from "./schemas";

export const createAcquirerLineRoute = createRoute({
  method: "post",
  path: "/accounts/receivable/acquirer-conciliation",
  operationId: "createAcquirerLine",
  tags: [TAG],
  summary: "Cria um lançamento de conciliação de adquirente",
  description:
    "Pendente (status 1) até `POST /accounts/bank-statement` com `IDAccountsPayableReceivableConciliation`. 400: `NetValue não pode ser maior que GrossValue`, `Empresa não encontrada`, `Conta bancária não encontrada`.",
  request: { body: jsonBody(AcquirerLineBodySchema) },
  responses: jsonOk(AcquirerLineSchema, "A linha criada"),
});

export const createAcquirerLine: AppRouteHandler<typeof createAcquirerLineRoute> = async (c) => {
  const body = c.req.valid("json");
  const view = await addAcquirerLine(c.get("db"), c.get("caller"), {
    acquirer: body.Acquirer,
    date: body.Date,
    grossValue: body.GrossValue,
    netValue: body.NetValue,
    bankAccountId: body.IDBankAccount,
  });
  return c.json(acquirerLineBody(view), 200);
};
