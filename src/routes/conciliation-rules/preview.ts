import { createRoute, z } from "@hono/zod-openapi";
import {
  PREVIEW_DEFAULT_LIMIT,
  PREVIEW_MAX_LIMIT,
  type PreviewItem,
  previewRule,
} from "../../domain/auto-reconciliation/preview";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import { RULE_TAG, RuleBodySchema, ruleInput } from "./schemas";

const limitMessage = `Limit deve ser um número inteiro de 1 a ${PREVIEW_MAX_LIMIT}`;

const PreviewBodySchema = RuleBodySchema.extend({
  Limit: z
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(PREVIEW_MAX_LIMIT, limitMessage)
    .optional()
    .openapi({
      type: "integer",
      minimum: 1,
      maximum: PREVIEW_MAX_LIMIT,
      description: `Máximo de linhas na resposta (padrão ${PREVIEW_DEFAULT_LIMIT}, até ${PREVIEW_MAX_LIMIT})`,
      example: 100,
    }),
}).openapi("ConciliationRulePreviewBody");

const nullableId = (description: string) =>
  z.number().int().nullable().openapi({ description, example: null });

const PreviewItemSchema = z
  .object({
    IDBankStatementConciliation: z
      .number()
      .int()
      .openapi({ description: "Linha pendente do extrato", example: 1 }),
    Date: z
      .string()
      .openapi({ format: "date", description: "Data da linha do extrato bancário", example: "2026-03-10" }),
    Value: z.number().openapi({ description: "Valor da linha: crédito > 0, débito < 0", example: 150.25 }),
    Description: z.string().openapi({ example: "PIX RECEBIDO FULANO" }),
    Outcome: z.enum(["title", "transfer", "new-transfer", "ambiguous", "no-candidate"]).openapi({
      description:
        "`title`: baixaria o título IDAccountPayableReceivable e conciliaria a linha; `transfer`: ligaria a perna " +
        "de transferência IDBankStatement já lançada; `new-transfer`: lançaria a transferência com IDBankAccountTo " +
        "e a ligaria; `ambiguous`: vários títulos cabem, a linha ficaria pendente com a regra; `no-candidate`: " +
        "nenhum título cabe, a linha ficaria pendente com a regra.",
      example: "title",
    }),
    IDAccountPayableReceivable: nullableId("Título que seria baixado (Outcome `title`); senão null"),
    IDBankStatement: nullableId("Perna de transferência que seria ligada (Outcome `transfer`); senão null"),
    IDBankAccountTo: nullableId(
      "Conta do outro lado da transferência (Outcomes `transfer` e `new-transfer`)",
    ),
  })
  .openapi("ConciliationRulePreviewItem");

export const previewConciliationRuleRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/conciliation-rule/preview",
  operationId: "previewConciliationRule",
  tags: [RULE_TAG],
  summary: "Mostra o que uma regra faria nas linhas pendentes, sem gravar",
  description:
    "Corpo: uma regra como na criação (validada com as mesmas mensagens, IDBankAccount obrigatório, descrição " +
    "que não repete a de outra regra da conta) e `Limit` opcional. Nada é gravado. A regra é avaliada como se " +
    "tivesse sido criada: as regras ativas da conta concorrem com ela linha a linha (vence a com PayerDocument, " +
    "depois a descrição mais longa, depois a com HasTxId; no empate, a regra já existente) e títulos e pernas vão para a primeira linha, em ordem de data, que " +
    "se qualifica, como numa importação. Responde as linhas pendentes (status 1) da conta que a regra tomaria, " +
    "em ordem de data e código, com o resultado de cada uma; lista vazia quando nenhuma.",
  request: { body: jsonBody(PreviewBodySchema) },
  responses: jsonOk(z.array(PreviewItemSchema), "Linhas que a regra tomaria e o que faria com cada uma"),
});

function previewBody(item: PreviewItem): z.infer<typeof PreviewItemSchema> {
  return {
    IDBankStatementConciliation: item.line.id,
    Date: item.line.date,
    Value: fromCents(item.line.value),
    Description: item.line.description,
    Outcome: item.outcome,
    IDAccountPayableReceivable: item.titleId,
    IDBankStatement: item.entryId,
    IDBankAccountTo: item.bankAccountToId,
  };
}

export const previewConciliationRule: AppRouteHandler<typeof previewConciliationRuleRoute> = async (c) => {
  const body = c.req.valid("json");
  const items = await previewRule(
    c.get("db"),
    c.get("caller").companyId,
    ruleInput(body),
    body.Limit ?? PREVIEW_DEFAULT_LIMIT,
  );
  return c.json(items.map(previewBody), 200);
};
