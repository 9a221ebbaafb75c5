import { createRoute, z } from "@hono/zod-openapi";
import { undoReconciliation } from "../../domain/reconciliation/undo";
import { createManualBankLine, getBankLine } from "../../domain/statement/lines";
import { createRouter } from "../../http/router";
import { dateString, INT32_MAX, idPath, jsonOk, moneyBody, textBody } from "../../http/schemas";
import { BankLineSchema, bankLineBody, TAG, UnlinkedEntrySchema, unlinkedEntryBody } from "./schemas";

const ManualBankLineSchema = z
  .object({
    IDBankAccount: z
      .number({ error: "IDBankAccount deve ser um número inteiro" })
      .int("IDBankAccount deve ser um número inteiro")
      .max(INT32_MAX, "IDBankAccount excede o limite int32")
      .nullable()
      .optional()
      .openapi({
        type: "integer",
        maximum: INT32_MAX,
        description: "Obrigatório. Conta bancária da linha",
        example: 1,
      }),
    Date: dateString("Date"),
    Value: moneyBody("Value", { allowNegative: true }).openapi({
      description: "Valor com sinal: crédito > 0, débito < 0; diferente de zero",
      example: -150.25,
    }),
    Description: textBody("Description", 255).optional().openapi({ example: "PIX RECEBIDO FULANO" }),
    Document: textBody("Document", 100).nullable().optional().openapi({ example: "123456" }),
  })
  .openapi("ManualBankLine");

const lineParam = z.object({ idbankstatementconciliation: idPath("idbankstatementconciliation") });

export const postBankLineRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/conciliation",
  operationId: "createManualBankLine",
  tags: [TAG],
  summary: "Cria um lançamento bancário manual (linha de extrato digitada)",
  description:
    "A linha entra pendente (status 1), pronta para `POST /accounts/bank-statement`. 400: `Conta bancária não selecionada`, `Valor deve ser diferente de zero`, `Empresa não encontrada`, `Conta bancária não encontrada`.",
  request: { body: { required: true, content: { "application/json": { schema: ManualBankLineSchema } } } },
  responses: jsonOk(BankLineSchema, "A linha criada"),
});

export const getBankLineRoute = createRoute({
  method: "get",
  path: "/accounts/bank-statement/conciliation/{idbankstatementconciliation}",
  operationId: "getBankLine",
  tags: [TAG],
  summary: "Um lançamento bancário com seus lançamentos internos conciliados",
  description: "400 `Lançamento conciliação bancária não encontrado` quando a linha não é da empresa.",
  request: { params: lineParam },
  responses: jsonOk(BankLineSchema, "A linha"),
});

export const undoBankLineRoute = createRoute({
  method: "delete",
  path: "/accounts/bank-statement/conciliation/{idbankstatementconciliation}",
  operationId: "undoBankLineReconciliation",
  tags: [TAG],
  summary: "Desfaz a conciliação de um lançamento bancário",
  description: [
    "Em um único lote: desvincula todos os lançamentos da linha, exclui os que a própria conciliação lançou (restaurando o saldo em aberto dos títulos), mantém os reaproveitados e as transferências, zera o valor conciliado e volta o status para 1. Registrado na auditoria de conciliação.",
    "400: `Empresa não encontrada`, `Lançamento conciliação bancária não encontrado`, `O lançamento bancário não possui conciliação para desfazer`, `Falha ao desfazer conciliação` (a linha mudou durante a operação).",
  ].join("\n"),
  request: { params: lineParam },
  responses: jsonOk(
    BankLineSchema.extend({ UnlinkedEntries: z.array(UnlinkedEntrySchema) }).openapi("BankLineUndo"),
    "A linha pendente e os lançamentos desvinculados",
  ),
});

export const bankLinesRouter = createRouter()
  .openapi(postBankLineRoute, async (c) => {
    const body = c.req.valid("json");
    const view = await createManualBankLine(c.get("db"), c.get("caller"), {
      bankAccountId: body.IDBankAccount,
      date: body.Date,
      value: body.Value,
      description: body.Description,
      document: body.Document,
    });
    return c.json(bankLineBody(view), 200);
  })
  .openapi(getBankLineRoute, async (c) => {
    const { idbankstatementconciliation } = c.req.valid("param");
    return c.json(
      bankLineBody(await getBankLine(c.get("db"), c.get("caller"), idbankstatementconciliation)),
      200,
    );
  })
  .openapi(undoBankLineRoute, async (c) => {
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
  });
