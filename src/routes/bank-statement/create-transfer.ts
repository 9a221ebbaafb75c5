import { createRoute } from "@hono/zod-openapi";
import { DEFAULT_TRANSFER_DESCRIPTION } from "../../domain/transfers/messages";
import { postTransfer } from "../../domain/transfers/transfer";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { postedTransferBody, TAG, TransferBodySchema, TransferSchema } from "./schemas";

export const createBankTransferRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/transfer",
  operationId: "createBankTransfer",
  tags: [TAG],
  summary: "Transfere um valor entre duas contas bancárias da empresa",
  description: [
    "Um lote atômico: a referência da transferência, uma saída na origem e uma entrada no destino (origem `transfer`).",
    `A descrição de cada perna é o texto (padrão \`${DEFAULT_TRANSFER_DESCRIPTION}\`) seguido de um espaço, do nome do banco e do número da conta do outro lado (\`<Bank> <AccountNumber>\`, só \`<Bank>\` quando a conta não tem número), ex.: \`Transferência entre contas Banco do Brasil 12345-6\`.`,
    "`Date` opcional (padrão hoje no fuso da empresa); a hora é a atual no fuso da empresa.",
    "`Uma ou ambas as contas bancárias não foram encontradas ou não pertencem a esta empresa`: uma conta inexistente ou de outra empresa. `Conta bancária de origem/destino não encontrada`: conta da empresa, mas inativa.",
    "`Falha ao inserir transação de débito` / `de crédito` / `Falha ao processar transferência`: o banco recusou o lote; o serviço identifica qual instrução falhou (perna de débito, de crédito, ou a referência) e nada é gravado.",
  ].join("\n"),
  request: { body: jsonBody(TransferBodySchema) },
  responses: jsonOk(TransferSchema, "A transferência e as duas pernas criadas"),
});

export const createBankTransfer: AppRouteHandler<typeof createBankTransferRoute> = async (c) => {
  const body = c.req.valid("json");
  const posted = await postTransfer(c.get("db"), c.get("caller"), {
    fromId: body.IDBankFrom,
    toId: body.IDBankTo,
    value: body.Value,
    description: body.Description,
    date: body.Date,
  });
  return c.json(postedTransferBody(posted), 200);
};
