import { createRoute, z } from "@hono/zod-openapi";
import { undoReconciliation } from "../../domain/reconciliation/undo";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import {
  AcquirerLineSchema,
  acquirerLineBody,
  TAG,
  UnlinkedEntrySchema,
  unlinkedEntryBody,
} from "../bank-statement/schemas";
import { acquirerLineParams } from "./schemas";

export const undoAcquirerLineReconciliationRoute = createRoute({
  method: "delete",
  path: "/accounts/receivable/acquirer-conciliation/{idaccountspayablereceivableconciliation}/conciliation",
  operationId: "undoAcquirerLineReconciliation",
  tags: [TAG],
  summary: "Desfaz a conciliação de um lançamento de adquirente",
  description:
    "Como o desfazer do lançamento bancário: desvincula, exclui os lançamentos que a conciliação criou (restaurando os títulos), mantém os reaproveitados, zera o conciliado e volta ao status 1, em um lote, com auditoria. A linha em si é mantida. 400: `Lançamento de conciliação de adquirente não encontrado`, `O lançamento de conciliação de adquirente não possui conciliação para desfazer`, `Falha ao desfazer conciliação`.",
  request: { params: acquirerLineParams },
  responses: jsonOk(
    AcquirerLineSchema.extend({ UnlinkedEntries: z.array(UnlinkedEntrySchema) }).openapi("AcquirerLineUndo"),
    "A linha pendente e os lançamentos desvinculados",
  ),
});

export const undoAcquirerLineReconciliation: AppRouteHandler<
  typeof undoAcquirerLineReconciliationRoute
> = async (c) => {
  const { idaccountspayablereceivableconciliation } = c.req.valid("param");
  const result = await undoReconciliation(c.get("db"), c.get("caller"), {
    kind: "acquirer",
    id: idaccountspayablereceivableconciliation,
  });
  if (result.line.kind !== "acquirer") throw new Error("acquirer line expected");
  return c.json(
    { ...acquirerLineBody(result.line), UnlinkedEntries: result.unlinked.map(unlinkedEntryBody) },
    200,
  );
};
