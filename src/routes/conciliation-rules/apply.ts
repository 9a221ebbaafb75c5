import { createRoute, z } from "@hono/zod-openapi";
import { RULE_APPLY_SCHEDULED } from "../../domain/auto-reconciliation/messages";
import { scheduleRuleApply } from "../../domain/auto-reconciliation/schedule-apply";
import { BANK_ACCOUNT_NOT_FOUND, BANK_ACCOUNT_REQUIRED } from "../../domain/bank-accounts/messages";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { RULE_TAG, RuleBodySchema } from "./schemas";

const ApplyBodySchema = z
  .object({ IDBankAccount: RuleBodySchema.shape.IDBankAccount })
  .openapi("ConciliationRuleApplyBody");

const ApplyAnswerSchema = z
  .object({
    IDJob: z
      .number()
      .int()
      .openapi({ description: "Job `ConciliationRuleApply` (acompanhe em GET /job/{idjob})" }),
    Message: z.literal(RULE_APPLY_SCHEDULED),
  })
  .openapi("ConciliationRuleApplyAnswer");

export const applyConciliationRulesRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/conciliation-rule/apply",
  operationId: "applyConciliationRules",
  tags: [RULE_TAG],
  summary: "Aplica as regras da conta às linhas pendentes do extrato",
  description:
    "Cria um job `ConciliationRuleApply` que roda as regras ativas da conta sobre as linhas do extrato bancário " +
    "pendentes (status 1) que existiam quando o job foi pedido, como na importação OFX: a regra mais específica " +
    "vence; tipo 1 baixa o único título em aberto que cabe (status 2 Conciliado automaticamente), nenhum ou " +
    "vários deixam a linha pendente com a regra registrada; tipo 2 liga a perna de transferência existente ou " +
    "lança a transferência. Cada pedido é um job novo; dois jobs sobre a mesma conta nunca conciliam uma linha " +
    "duas vezes. Resultado do job: `lines` (linhas avaliadas, também o Total), `autoReconciled`, `pending`. " +
    `400 \`${BANK_ACCOUNT_REQUIRED}\`, \`${BANK_ACCOUNT_NOT_FOUND}\`.`,
  request: { body: jsonBody(ApplyBodySchema) },
  responses: jsonOk(ApplyAnswerSchema, "O job agendado"),
});

export const applyConciliationRules: AppRouteHandler<typeof applyConciliationRulesRoute> = async (c) => {
  const jobId = await scheduleRuleApply(
    { db: c.get("db"), queue: c.env.JOBS, account: c.get("account") },
    c.get("caller"),
    c.req.valid("json").IDBankAccount,
  );
  return c.json({ IDJob: jobId, Message: RULE_APPLY_SCHEDULED }, 200);
};
