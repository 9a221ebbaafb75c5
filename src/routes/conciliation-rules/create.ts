import { createRoute } from "@hono/zod-openapi";
import { createRule } from "../../domain/rules/conciliation-rules";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { RULE_TAG, RuleBodySchema, RuleListSchema, ruleBody, ruleInput } from "./schemas";

export const createConciliationRuleRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/conciliation-rule",
  operationId: "createConciliationRule",
  tags: [RULE_TAG],
  summary: "Cria uma regra de conciliação automática",
  description:
    "Tipo 1 descarta IDBankAccountTo; tipo 2 exige IDBankAccountTo e descarta os filtros de título. " +
    "Description única por conta bancária (sem diferenciar maiúsculas, acentos e espaços); sem Description, " +
    "única por conta e condições (PayerDocument, HasTxId). " +
    "PayerDocument e HasTxId (tipos 1 e 2) restringem as linhas: só as do pagador com esse CPF/CNPJ; só as com " +
    "(true) ou sem (false) txid de Pix. Entre as regras que casam uma linha vence a com PayerDocument, depois a " +
    "descrição mais longa, depois a com HasTxId, depois o menor código. " +
    "Ordem das validações: empresa, conta bancária (obrigatória, existe), descrição repetida, tipo regra " +
    "(obrigatório, 1 ou 2), tipo transação (obrigatório, 0 ou 1), conta destino do tipo 2 (obrigatória, existe, " +
    "diferente da origem), plano de contas, tipo pagamento, tipo documento, fornecedor, cliente, documento do " +
    "pagador (CPF ou CNPJ válido). " +
    "Responde uma lista com a regra criada.",
  request: { body: jsonBody(RuleBodySchema) },
  responses: jsonOk(RuleListSchema, "Lista de um item: a regra criada"),
});

export const createConciliationRule: AppRouteHandler<typeof createConciliationRuleRoute> = async (c) => {
  const rule = await createRule(c.get("db"), c.get("caller").companyId, ruleInput(c.req.valid("json")));
  return c.json([ruleBody(rule)], 200);
};
