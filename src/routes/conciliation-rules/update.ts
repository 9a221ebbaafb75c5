import { createRoute, z } from "@hono/zod-openapi";
import { changeRule } from "../../domain/rules/conciliation-rules";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonBody, jsonOk } from "../../http/schemas";
import { RULE_TAG, RuleBodySchema, RuleListSchema, ruleBody, ruleInput } from "./schemas";

export const updateConciliationRuleRoute = createRoute({
  method: "put",
  path: "/accounts/bank-statement/conciliation-rule/{idbankstatementconciliationrule}",
  operationId: "updateConciliationRule",
  tags: [RULE_TAG],
  summary: "Altera uma regra de conciliação automática",
  description:
    "Campos não enviados mantêm o valor; `null` limpa um campo opcional. IDBankAccount e IDTypeRule devem ser " +
    "enviados em toda chamada. Mesmas regras de tipo e validações da criação (a descrição da própria regra não " +
    "conta como repetida). Responde uma lista com a regra alterada.",
  request: {
    params: z.object({ idbankstatementconciliationrule: idPath("idbankstatementconciliationrule") }),
    body: jsonBody(RuleBodySchema),
  },
  responses: jsonOk(RuleListSchema, "Lista de um item: a regra alterada"),
});

export const updateConciliationRule: AppRouteHandler<typeof updateConciliationRuleRoute> = async (c) => {
  const { idbankstatementconciliationrule: ruleId } = c.req.valid("param");
  const rule = await changeRule(
    c.get("db"),
    c.get("caller").companyId,
    ruleId,
    ruleInput(c.req.valid("json")),
  );
  return c.json([ruleBody(rule)], 200);
};
