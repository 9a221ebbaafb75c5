import { createRoute, z } from "@hono/zod-openapi";
import { LINE_STATUS } from "../../domain/reconciliation/line-statuses";
import { getStatement } from "../../domain/statement/statement";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, enumIntQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import {
  BankLineSchema,
  bankLineBody,
  InternalAccountSchema,
  InternalStatementSchema,
  internalAccountBody,
  statementEntryBody,
  TAG,
} from "./schemas";

const StatementQuerySchema = z.object({
  Source: z
    .string()
    .optional()
    .openapi({
      param: { name: "Source", in: "query", required: true },
      type: "integer",
      enum: [1, 2],
      description: "Obrigatório. 1 = extrato interno, 2 = extrato bancário importado",
    }),
  IDBankAccount: idQuery(
    "IDBankAccount",
    "Conta bancária (da empresa consultada). Sem ela, Source=1 cobre todas as contas da empresa",
  ),
  IDCompany: idQuery(
    "IDCompany",
    "Empresa consultada; padrão a do usuário. Só empresas da lista de acesso do usuário",
  ),
  IDTypeAccount: enumIntQuery("IDTypeAccount", [0, 1], "0 entrada, 1 saída (Source=2: crédito/débito)"),
  DateFrom: dateQuery("DateFrom", "Início (inclusive). Com Source=2, padrão 2025-01-01"),
  DateTo: dateQuery("DateTo", "Fim (inclusive). Padrão hoje (fuso da empresa) quando DateFrom é enviado"),
  Page: pageQuery,
  IDBankStatement: idQuery("IDBankStatement", "Um lançamento interno (Source=2: a linha ligada a ele)"),
  IDBankStatementConciliation: idQuery(
    "IDBankStatementConciliation",
    "Com Source=1: só os lançamentos internos conciliados a essa linha; com Source=2: só essa linha",
  ),
  IDTypeStatusConciliation: enumIntQuery(
    "IDTypeStatusConciliation",
    Object.values(LINE_STATUS),
    "Só com Source=2",
  ),
  OnlyTransfer: enumIntQuery("OnlyTransfer", [1], "Só com Source=1: apenas lançamentos sem título"),
  Ignore: z
    .string()
    .regex(/^-?\d{1,10}$/, "Ignore deve ser um número inteiro")
    .transform(Number)
    .optional()
    .openapi({
      param: { name: "Ignore", in: "query" },
      type: "integer",
      minimum: -9_999_999_999,
      maximum: 9_999_999_999,
      description: "Lido e sem efeito",
    }),
});

const StatementResponseSchema = z
  .union([InternalStatementSchema, z.array(BankLineSchema), z.array(InternalAccountSchema)])
  .openapi({
    description:
      "Source=1: um objeto InternalStatement. Source=2: array de BankLine. Source=1 com IDBankStatementConciliation: array de InternalAccount",
  });

export const getBankStatementRoute = createRoute({
  method: "get",
  path: "/accounts/bank-statement",
  operationId: "getBankStatement",
  tags: [TAG],
  summary: "Extrato interno, extrato bancário importado ou lançamentos de uma conciliação",
  description: [
    "Três formatos de resposta:",
    "1. `Source=1`: um objeto com os lançamentos internos (até 5000 por página, por data e id), o saldo corrido `Balance` de cada um, `PreviousBalance`, `TotalReceipts`, `TotalPayments` e `FinalBalance`.",
    "   O saldo de abertura é o saldo real da(s) conta(s) antes de `DateFrom` (0 sem `DateFrom`); cada lançamento listado move o saldo, de modo que o último `Balance` da última página é `FinalBalance`.",
    "   Os totais cobrem o período filtrado inteiro, não só a página. Sem `IDBankAccount`, o extrato cobre todas as contas da empresa.",
    "   Filtros de conteúdo (`IDTypeAccount`, `OnlyTransfer`, `IDBankStatement`) escolhem os lançamentos listados; o saldo de abertura continua o saldo real.",
    "2. `Source=2`: array de linhas importadas (`IDBankStatementConciliation`), cada uma com `InternalAccounts[]`, `TotalInflow`, `TotalOutflow` e `Difference`. Sem `DateFrom`, desde 2025-01-01. 5000 linhas por página.",
    "   Linhas de Pix recebido trazem `EndToEndId`, `TxId` (cobrança paga), `PayerDocument` e `PayerName` (pagador); null quando a origem não os informa (OFX, linha manual).",
    "3. `Source=1` com `IDBankStatementConciliation`: array só com os lançamentos internos conciliados a essa linha (400 `Lançamento conciliação bancária não encontrado` quando a linha não é da empresa).",
    "Erros 400: Source ausente ou diferente de 1/2; `IDTypeStatusConciliation` sem Source=2; `OnlyTransfer` sem Source=1; `DateFrom` > `DateTo`; `IDCompany` fora da lista de acesso (`Empresa não encontrada`); `IDBankAccount` de outra empresa (`Conta bancária não encontrada`).",
  ].join("\n"),
  request: { query: StatementQuerySchema },
  responses: jsonOk(StatementResponseSchema, "O extrato no formato escolhido"),
});

export const getBankStatement: AppRouteHandler<typeof getBankStatementRoute> = async (c) => {
  const result = await getStatement(c.get("db"), c.get("caller"), c.req.valid("query"));
  if (result.kind === "linked") return c.json(result.entries.map(internalAccountBody), 200);
  if (result.kind === "bank") return c.json(result.lines.map(bankLineBody), 200);
  const s = result.statement;
  return c.json(
    {
      PreviousBalance: fromCents(s.previousBalance),
      TotalReceipts: fromCents(s.totalReceipts),
      TotalPayments: fromCents(s.totalPayments),
      FinalBalance: fromCents(s.finalBalance),
      Page: s.page,
      TotalEntries: s.totalEntries,
      DateFrom: s.dateFrom,
      DateTo: s.dateTo,
      Entries: s.entries.map(statementEntryBody),
    },
    200,
  );
};
