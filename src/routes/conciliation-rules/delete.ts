import { createRoute, z } from "@hono/zod-openapi";
import { removeRule } from "../../domain/rules/conciliation-rules";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk, SuccessStringSchema } from "../../http/schemas";
import { RULE_TAG } from "./schemas";

export const deleteConciliationRuleRoute = createRoute({
  method: "delete",
  path: "/accounts/bank-statement/conciliation-rule/{idbankstatementconciliationrule}",
  operationId: "deleteConciliationRule",
  tags: [RULE_TAG],
  summary: "Remove uma regra de conciliação automática",
  description:
    "A regra deixa de existir para a API e para a importação; as linhas do extrato que ela conciliou guardam o " +
    "seu código. A descrição fica livre para outra regra da conta.",
  request: {
    params: z.object({ idbankstatementconciliationrule: idPath("idbankstatementconciliationrule") }),
  },
  responses: jsonOk(SuccessStringSchema, "A string `sucesso`"),
});

export const deleteConciliationRule: AppRouteHandler<typeof deleteConciliationRuleRoute> = async (c) => {
  const { idbankstatementconciliationrule: ruleId } = c.req.valid("param");
  await removeRule(c.get("db"), c.get("caller").companyId, ruleId);
  return c.json("sucesso" as const, 200);
};
