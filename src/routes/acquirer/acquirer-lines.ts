import { createRoute, z } from "@hono/zod-openapi";
import { undoReconciliation } from "../../domain/reconciliation/undo";
import { createAcquirerLine, listAcquirerLines } from "../../domain/statement/lines";
import { createRouter } from "../../http/router";
import {
  dateQuery,
  dateString,
  enumIntQuery,
  idBody,
  idPath,
  idQuery,
  jsonOk,
  moneyBody,
  pageQuery,
  textBody,
} from "../../http/schemas";
import {
  AcquirerLineSchema,
  acquirerLineBody,
  TAG,
  UnlinkedEntrySchema,
  unlinkedEntryBody,
} from "../bank-statement/schemas";

const AcquirerLineBodySchema = z
  .object({
    Acquirer: textBody("Acquirer", 100).min(1, "Acquirer é obrigatório").openapi({ example: "Cielo" }),
    Date: dateString("Date"),
    GrossValue: moneyBody("GrossValue", { positive: true }),
    NetValue: moneyBody("NetValue", { positive: true }).openapi({
      description: "Valor líquido depositado, até GrossValue; é o valor conciliado",
    }),
    IDBankAccount: idBody("IDBankAccount")
      .nullable()
      .optional()
      .openapi({ description: "Conta do depósito; quando informada, a conciliação deve usar essa conta" }),
  })
  .openapi("AcquirerLineRequest");

const lineParam = z.object({
  idaccountspayablereceivableconciliation: idPath("idaccountspayablereceivableconciliation"),
});

export const postAcquirerLineRoute = createRoute({
  method: "post",
  path: "/accounts/receivable/acquirer-conciliation",
  operationId: "createAcquirerLine",
  tags: [TAG],
  summary: "Cria um lançamento de conciliação de adquirente",
  description:
    "Pendente (status 1) até `POST /accounts/bank-statement` com `IDAccountsPayableReceivableConciliation`. 400: `NetValue não pode ser maior que GrossValue`, `Empresa não encontrada`, `Conta bancária não encontrada`.",
  request: { body: { required: true, content: { "application/json": { schema: AcquirerLineBodySchema } } } },
  responses: jsonOk(AcquirerLineSchema, "A linha criada"),
});

export const listAcquirerLinesRoute = createRoute({
  method: "get",
  path: "/accounts/receivable/acquirer-conciliation",
  operationId: "listAcquirerLines",
  tags: [TAG],
  summary: "Lista os lançamentos de conciliação de adquirente",
  description: "Por data e id, 5000 por página, cada um com seus lançamentos internos conciliados.",
  request: {
    query: z.object({
      IDBankAccount: idQuery("IDBankAccount"),
      DateFrom: dateQuery("DateFrom", "Início (inclusive)"),
      DateTo: dateQuery("DateTo", "Fim (inclusive)"),
      IDTypeStatusConciliation: enumIntQuery("IDTypeStatusConciliation", [1, 2, 3, 4], "Status"),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(AcquirerLineSchema), "As linhas"),
});

export const undoAcquirerLineRoute = createRoute({
  method: "delete",
  path: "/accounts/receivable/acquirer-conciliation/{idaccountspayablereceivableconciliation}/conciliation",
  operationId: "undoAcquirerLineReconciliation",
  tags: [TAG],
  summary: "Desfaz a conciliação de um lançamento de adquirente",
  description:
    "Como o desfazer do lançamento bancário: desvincula, exclui os lançamentos que a conciliação criou (restaurando os títulos), mantém os reaproveitados, zera o conciliado e volta ao status 1, em um lote, com auditoria. A linha em si é mantida. 400: `Lançamento de conciliação de adquirente não encontrado`, `O lançamento de conciliação de adquirente não possui conciliação para desfazer`, `Falha ao desfazer conciliação`.",
  request: { params: lineParam },
  responses: jsonOk(
    AcquirerLineSchema.extend({ UnlinkedEntries: z.array(UnlinkedEntrySchema) }).openapi("AcquirerLineUndo"),
    "A linha pendente e os lançamentos desvinculados",
  ),
});

export const acquirerRouter = createRouter()
  .openapi(postAcquirerLineRoute, async (c) => {
    const body = c.req.valid("json");
    const view = await createAcquirerLine(c.get("db"), c.get("caller"), {
      acquirer: body.Acquirer,
      date: body.Date,
      grossValue: body.GrossValue,
      netValue: body.NetValue,
      bankAccountId: body.IDBankAccount,
    });
    return c.json(acquirerLineBody(view), 200);
  })
  .openapi(listAcquirerLinesRoute, async (c) => {
    const q = c.req.valid("query");
    const views = await listAcquirerLines(c.get("db"), c.get("caller"), {
      bankAccountId: q.IDBankAccount,
      dateFrom: q.DateFrom,
      dateTo: q.DateTo,
      statusId: q.IDTypeStatusConciliation,
      page: q.Page,
    });
    return c.json(views.map(acquirerLineBody), 200);
  })
  .openapi(undoAcquirerLineRoute, async (c) => {
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
  });
