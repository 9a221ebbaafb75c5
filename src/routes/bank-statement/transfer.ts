import { createRoute, z } from "@hono/zod-openapi";
import type { EntryRow } from "../../db/ledger";
import { deleteTransfer, postTransfer } from "../../domain/transfers/transfer";
import { createRouter } from "../../http/router";
import { dateString, INT32_MAX, idPath, jsonOk, moneyBody, textBody } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import { TAG } from "./schemas";

const looseAccountId = (name: string, description: string) =>
  z
    .number({ error: `${name} deve ser um número inteiro` })
    .int(`${name} deve ser um número inteiro`)
    .max(INT32_MAX, `${name} excede o limite int32`)
    .nullable()
    .optional()
    .openapi({ type: "integer", format: "int32", maximum: INT32_MAX, description, example: 1 });

const TransferBodySchema = z
  .object({
    IDBankFrom: looseAccountId("IDBankFrom", "Obrigatório. Conta de origem (recebe a saída)"),
    IDBankTo: looseAccountId(
      "IDBankTo",
      "Obrigatório. Conta de destino (recebe a entrada), diferente da origem",
    ).openapi({ example: 2 }),
    Value: moneyBody("Value", { allowNegative: true })
      .nullable()
      .optional()
      .openapi({ description: "Obrigatório, maior que zero, até 2 casas decimais", example: 1500 }),
    Description: textBody("Description", 200)
      .nullable()
      .optional()
      .openapi({ description: "Texto da transferência; padrão `Transferência entre contas`" }),
    Date: dateString("Date")
      .nullable()
      .optional()
      .openapi({ description: "Data dos lançamentos; padrão hoje no fuso da empresa" }),
  })
  .openapi("TransferRequest");

const TransferEntrySchema = z
  .object({
    IDBankStatement: z.number().int(),
    IDBankAccount: z.number().int(),
    IDTypeAccount: z.number().int().openapi({ description: "1 saída (origem), 0 entrada (destino)" }),
    Value: z.number(),
    Date: z.string().openapi({ example: "2026-03-01 14:30:00" }),
    Description: z.string().openapi({ example: "Transferência entre contas Banco do Brasil 12345-6" }),
    IDBankStatementTransfer: z.number().int().nullable(),
  })
  .openapi("TransferEntry");

const transferDetails = {
  IDBankStatementTransfer: z.number().int().openapi({ description: "Referência que liga as duas pernas" }),
  IDBankFrom: z.number().int(),
  IDBankTo: z.number().int(),
  Value: z.number(),
  Description: z.string().openapi({ description: "Texto da transferência (sem as contas)" }),
};

const TransferSchema = z
  .object({
    ...transferDetails,
    Date: z.string().openapi({ description: "Data e hora dos lançamentos" }),
    Debit: TransferEntrySchema.openapi({ description: "Saída na conta de origem" }),
    Credit: TransferEntrySchema.openapi({ description: "Entrada na conta de destino" }),
  })
  .openapi("Transfer");

const DeletedTransferSchema = z
  .object({ ...transferDetails, DeletedEntries: z.array(TransferEntrySchema) })
  .openapi("DeletedTransfer");

function transferEntryBody(e: EntryRow) {
  return {
    IDBankStatement: e.id,
    IDBankAccount: e.bankAccountId,
    IDTypeAccount: e.typeAccount,
    Value: fromCents(e.value),
    Date: e.date,
    Description: e.description,
    IDBankStatementTransfer: e.transferId,
  };
}

function transferDetailsBody(t: {
  id: number;
  fromBankAccountId: number;
  toBankAccountId: number;
  value: number;
  description: string;
}) {
  return {
    IDBankStatementTransfer: t.id,
    IDBankFrom: t.fromBankAccountId,
    IDBankTo: t.toBankAccountId,
    Value: fromCents(t.value),
    Description: t.description,
  };
}

export const postTransferRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/transfer",
  operationId: "createBankTransfer",
  tags: [TAG],
  summary: "Transfere um valor entre duas contas bancárias da empresa",
  description: [
    "Um lote atômico: a referência da transferência, uma saída na origem e uma entrada no destino (origem `transfer`).",
    "A descrição de cada perna é o texto (padrão `Transferência entre contas`) seguido de um espaço, do nome do banco e do número da conta do outro lado (`<Bank> <AccountNumber>`, só `<Bank>` quando a conta não tem número), ex.: `Transferência entre contas Banco do Brasil 12345-6`.",
    "`Date` opcional (padrão hoje no fuso da empresa); a hora é a atual no fuso da empresa.",
    "`Uma ou ambas as contas bancárias não foram encontradas ou não pertencem a esta empresa`: uma conta inexistente ou de outra empresa. `Conta bancária de origem/destino não encontrada`: conta da empresa, mas inativa.",
    "`Falha ao inserir transação de débito` / `de crédito` / `Falha ao processar transferência`: o banco recusou o lote; o serviço identifica qual instrução falhou (perna de débito, de crédito, ou a referência) e nada é gravado.",
  ].join("\n"),
  request: { body: { required: true, content: { "application/json": { schema: TransferBodySchema } } } },
  responses: jsonOk(TransferSchema, "A transferência e as duas pernas criadas"),
});

export const deleteTransferRoute = createRoute({
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

export const transferRouter = createRouter()
  .openapi(postTransferRoute, async (c) => {
    const body = c.req.valid("json");
    const { transfer, debit, credit } = await postTransfer(c.get("db"), c.get("caller"), {
      fromId: body.IDBankFrom,
      toId: body.IDBankTo,
      value: body.Value,
      description: body.Description,
      date: body.Date,
    });
    return c.json(
      {
        ...transferDetailsBody(transfer),
        Date: debit.date,
        Debit: transferEntryBody(debit),
        Credit: transferEntryBody(credit),
      },
      200,
    );
  })
  .openapi(deleteTransferRoute, async (c) => {
    const { idbankstatement } = c.req.valid("param");
    const { transfer, legs } = await deleteTransfer(c.get("db"), c.get("caller"), idbankstatement);
    return c.json({ ...transferDetailsBody(transfer), DeletedEntries: legs.map(transferEntryBody) }, 200);
  });
