import { createRoute, z } from "@hono/zod-openapi";
import { MAX_RECONCILIATION_ITEMS } from "../../domain/reconciliation/messages";
import { reconcile } from "../../domain/reconciliation/reconcile";
import type { ReconciliationView } from "../../domain/reconciliation/view";
import type { AppRouteHandler } from "../../http/router";
import { INT32_MAX, jsonBody, jsonOk } from "../../http/schemas";
import { MAX_AMOUNT } from "../../lib/money";
import { AcquirerLineSchema, acquirerLineBody, BankLineSchema, bankLineBody, looseId, TAG } from "./schemas";

const ReconciliationBodySchema = z
  .object({
    IDBankStatementConciliation: looseId(
      "IDBankStatementConciliation",
      "Lançamento bancário a conciliar (exatamente um entre este e IDAccountsPayableReceivableConciliation)",
    ),
    IDAccountsPayableReceivableConciliation: looseId(
      "IDAccountsPayableReceivableConciliation",
      "Lançamento de conciliação de adquirente a conciliar",
    ),
    IDBankAccount: looseId(
      "IDBankAccount",
      "Obrigatório. Conta dos lançamentos; deve ser a conta do lançamento bancário (ou do de adquirente, quando ele tem conta)",
    ),
    Accounts: z
      .unknown()
      .optional()
      .openapi({
        type: "array",
        maxItems: MAX_RECONCILIATION_ITEMS,
        description:
          "Títulos a conciliar (exatamente uma lista entre Accounts e Transfers, até 500 itens). Value padrão: o saldo em aberto do título",
        items: {
          type: "object",
          required: ["IDAccountPayableReceivable"],
          properties: {
            IDAccountPayableReceivable: { type: "integer", format: "int32", minimum: 1, maximum: INT32_MAX },
            Value: { type: "number", multipleOf: 0.01, exclusiveMinimum: 0, maximum: MAX_AMOUNT },
          },
        },
        example: [{ IDAccountPayableReceivable: 10, Value: 150.25 }],
      }),
    Transfers: z
      .unknown()
      .optional()
      .openapi({
        type: "array",
        maxItems: MAX_RECONCILIATION_ITEMS,
        description: "Pernas de transferência já lançadas na conta e ainda não conciliadas (até 500 itens)",
        items: {
          type: "object",
          required: ["IDBankStatement"],
          properties: {
            IDBankStatement: { type: "integer", format: "int32", minimum: 1, maximum: INT32_MAX },
          },
        },
        example: [{ IDBankStatement: 42 }],
      }),
  })
  .openapi("ReconciliationRequest");

const reconciliationBody = (v: ReconciliationView) =>
  v.kind === "bank" ? bankLineBody(v) : acquirerLineBody(v);

export const reconcileBankStatementRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement",
  operationId: "reconcileBankStatement",
  tags: [TAG],
  summary: "Concilia títulos ou transferências a um lançamento bancário ou de adquirente",
  description: [
    "Tudo em um único lote atômico: lançamentos, vínculos, baixa dos títulos, valor conciliado e status da linha, auditoria.",
    "- Accounts[]: para cada título, um lançamento do título na data da linha e na mesma conta, ainda não conciliado, é reaproveitado (o Value do item não é usado então); senão um lançamento é criado (origem `reconciliation`, data da linha, entrada para título a receber, saída para título a pagar) pelo Value (padrão: saldo em aberto) e o título é baixado.",
    "- Um lançamento do título na data da linha já conciliado bloqueia (`Título <id> já está conciliado na conciliação bancária código: <id da linha>`).",
    "- Título já quitado por pagamentos de outras datas: `Divergência na data dos pagamentos realizados e a data do <tipo de linha>`.",
    "- Value acima do saldo em aberto: `O valor total dos lançamentos (<pago + Value>) é maior que o valor do título (<valor>). Código do título: <id>. Lançamentos: <id>: <valor>, ..., nesta conciliação: <Value>`.",
    "- Transfers[]: pernas de transferência da conta, lançadas e não conciliadas; as demais: `Transferência(s) não encontradas ou já conciliadas: <ids>`.",
    "- O total (valor absoluto da soma com sinal) somado ao já conciliado não pode passar do valor absoluto da linha: `O valor total das contas (<já conciliado + total>) é maior que o valor do <tipo de linha> (<valor da linha>). Não é possível conciliar.`",
    "- Status: linha bancária 3 quando totalmente conciliada, senão 4; linha de adquirente 3.",
    "- Requisições concorrentes na mesma linha ou no mesmo título: a perdedora recebe 400 `Falha ao processar conciliação`.",
    "Listas de ids nas mensagens são separadas por vírgula e espaço; valores com duas casas e ponto.",
  ].join("\n"),
  request: { body: jsonBody(ReconciliationBodySchema) },
  responses: jsonOk(
    z.array(z.union([BankLineSchema, AcquirerLineSchema])),
    "Array de no máximo um item: a linha conciliada, com seus lançamentos e status final",
  ),
});

export const reconcileBankStatement: AppRouteHandler<typeof reconcileBankStatementRoute> = async (c) => {
  const views = await reconcile(c.get("db"), c.get("caller"), c.req.valid("json"));
  return c.json(views.map(reconciliationBody), 200);
};
