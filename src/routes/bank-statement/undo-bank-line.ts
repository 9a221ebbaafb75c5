import { createRoute, z } from "@hono/zod-openapi";
import { undoReconciliation } from "../../domain/reconciliation/undo";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import {
  BankLineSchema,
  bankLineBody,
  bankLineParams,
  TAG,
  UnlinkedEntrySchema,
  unlinkedEntryBody,
} from "./schemas";

export const undoBankLineReconciliationRoute = createRoute({
  method: "delete",
  path: "/accounts/bank-statement/conciliation/{idbankstatementconciliation}",
  operationId: "undoBankLineReconciliation",
  tags: [TAG],
  summary: "Desfaz a conciliação de um lançamento bancário",
  description: [
    "Em um único lote: desvincula todos os lançamentos da linha, exclui os que a própria conciliação lançou (restaurando o saldo em aberto dos títulos), mantém os reaproveitados e as transferências, zera o valor conciliado e volta o status para 1. Registrado na auditoria de conciliação.",
    "400: `Empresa não encontrada`, `Lançamento conciliação bancária não encontrado`, `O lançamento bancário não possui conciliação para desfazer`, `Falha ao desfazer conciliação` (a linha mudou durante a operação).",
  ].join("\n"),
  request: { params: bankLineParams },
  responses: jsonOk(
    BankLineSchema.extend({ UnlinkedEntries: z.array(UnlinkedEntrySchema) }).openapi("BankLineUndo"),
    "A linha pendente e os lançamentos desvinculados",
  ),
});

export const undoBankLineReconciliation: AppRouteHandler<typeof undoBankLineReconciliationRoute> = async (
  c,
) => {
  const { idbankstatementconciliation } = c.req.valid("param");
  const result = await undoReconciliation(c.get("db"), c.get("caller"), {
    kind: "bank",
    id: idbankstatementconciliation,
  });
  if (result.line.kind !== "bank") throw new Error("bank line expected");
  return c.json(
    { ...bankLineBody(result.line), UnlinkedEntries: result.unlinked.map(unlinkedEntryBody) },
    200,
  );
};
