import { createRoute } from "@hono/zod-openapi";
import { createManualBankLine as addManualBankLine } from "../../domain/statement/lines";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { BankLineSchema, bankLineBody, ManualBankLineSchema, TAG } from "./schemas";

export const createManualBankLineRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/conciliation",
  operationId: "createManualBankLine",
  tags: [TAG],
  summary: "Cria um lançamento bancário manual (linha de extrato digitada)",
  description:
    "A linha entra pendente (status 1), pronta para `POST /accounts/bank-statement`. 400: `Conta bancária não selecionada`, `Valor deve ser diferente de zero`, `Empresa não encontrada`, `Conta bancária não encontrada`.",
  request: { body: jsonBody(ManualBankLineSchema) },
  responses: jsonOk(BankLineSchema, "A linha criada"),
});

export const createManualBankLine: AppRouteHandler<typeof createManualBankLineRoute> = async (c) => {
  const body = c.req.valid("json");
  const view = await addManualBankLine(c.get("db"), c.get("caller"), {
    bankAccountId: body.IDBankAccount,
    date: body.Date,
    value: body.Value,
    description: body.Description,
    document: body.Document,
  });
  return c.json(bankLineBody(view), 200);
};
