import { createRoute, z } from "@hono/zod-openapi";
import { deleteTransfer } from "../../domain/transfers/transfer";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { DeletedTransferSchema, TAG, transferDetailsBody, transferEntryBody } from "./schemas";

export const deleteBankTransferRoute = createRoute({
  method: "delete",
  path: "/accounts/bank-statement/transfer/{idbankstatement}",
  operationId: "deleteBankTransfer",
  tags: [TAG],
  summary: "Exclui uma transferência a partir de qualquer uma das pernas",
  description: [
    "Remove a referência e as duas pernas em um lote atômico.",
    "Uma perna conciliada bloqueia: `Transferência conciliada não pode ser excluída; desfaça a conciliação do lançamento antes`.",
    "`Falha ao excluir as transações` / `Falha ao excluir transferência`: o banco recusou a exclusão das pernas / da referência; nada é removido.",
  ].join("\n"),
  request: { params: z.object({ idbankstatement: idPath("idbankstatement") }) },
  responses: jsonOk(DeletedTransferSchema, "A referência removida e o resumo das duas pernas excluídas"),
});

export const deleteBankTransfer: AppRouteHandler<typeof deleteBankTransferRoute> = async (c) => {
  const { idbankstatement } = c.req.valid("param");
  const { transfer, legs } = await deleteTransfer(c.get("db"), c.get("caller"), idbankstatement);
  return c.json({ ...transferDetailsBody(transfer), DeletedEntries: legs.map(transferEntryBody) }, 200);
};
