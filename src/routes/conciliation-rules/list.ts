import { createRoute, z } from "@hono/zod-openapi";
import { getRules } from "../../domain/rules/conciliation-rules";
import type { AppRouteHandler } from "../../http/router";
import { idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { RULE_TAG, RuleListSchema, ruleBody } from "./schemas";

export const listConciliationRulesRoute = createRoute({
  method: "get",
  path: "/accounts/bank-statement/conciliation-rule",
  operationId: "listConciliationRules",
  tags: [RULE_TAG],
  summary: "Regras de conciliação automática",
  description:
    "Regras ativas das contas bancárias ativas da empresa, por IDBankStatementConciliationRule, 5000 por página. " +
    "Lista vazia quando nada corresponde.",
  request: {
    query: z.object({
      IDBankAccount: idQuery("IDBankAccount", "Só as regras desta conta bancária"),
      IDBankStatementConciliationRule: idQuery("IDBankStatementConciliationRule", "Uma regra"),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(RuleListSchema, "As regras"),
});

export const listConciliationRules: AppRouteHandler<typeof listConciliationRulesRoute> = async (c) => {
  const query = c.req.valid("query");
  const rules = await getRules(c.get("db"), c.get("caller").companyId, {
    bankAccountId: query.IDBankAccount,
    ruleId: query.IDBankStatementConciliationRule,
    page: query.Page,
  });
  return c.json(rules.map(ruleBody), 200);
};
