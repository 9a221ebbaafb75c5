import { createRoute, z } from "@hono/zod-openapi";
import { TRANSFER_WINDOW_BUSINESS_DAYS, type TransferProposal } from "../../domain/transfers/proposals";
import {
  acceptTransferProposal,
  listTransferProposals,
  PROPOSAL_MAX_DAYS,
  PROPOSAL_MAX_LINES,
} from "../../domain/transfers/transfer-proposals";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, idBody, idQuery, jsonBody, jsonOk, textBody } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import { postedTransferBody, TAG, TransferSchema } from "./schemas";

const ProposalLineSchema = z
  .object({
    IDBankStatementConciliation: z.number().int().openapi({ description: "Linha do extrato bancário" }),
    IDBankAccount: z.number().int(),
    Date: z.string().openapi({ description: "Data da linha (`YYYY-MM-DD`)", example: "2026-11-28" }),
    Value: z.number().openapi({ description: "Valor com sinal: crédito > 0, débito < 0" }),
    Description: z.string(),
  })
  .openapi("TransferProposalLine");

const TransferProposalsSchema = z
  .object({
    Proposals: z
      .array(
        z
          .object({
            Value: z.number().openapi({ description: "Valor transferido (positivo)", example: 500 }),
            BusinessDays: z
              .number()
              .int()
              .openapi({ description: "Dias úteis entre as datas das duas linhas" }),
            From: ProposalLineSchema.openapi({ description: "O débito, na conta de origem" }),
            To: ProposalLineSchema.openapi({ description: "O crédito, na conta de destino" }),
          })
          .openapi("TransferProposal"),
      )
      .openapi({
        description: "Pares de linhas pendentes que mostram uma transferência entre contas da empresa",
      }),
    Ambiguous: z
      .array(
        z.object({
          IDBankStatementConciliation: z.array(z.number().int()).openapi({
            description: "Linhas que casariam entre si de mais de um jeito: nenhuma é proposta",
          }),
        }),
      )
      .openapi({ description: "Pares não propostos por ambiguidade (para uma pessoa decidir)" }),
  })
  .openapi("TransferProposals");

const ProposalQuerySchema = z.object({
  DateFrom: dateQuery("DateFrom", "Início (inclusive) da data do débito. Padrão: 30 dias antes de DateTo"),
  DateTo: dateQuery("DateTo", "Fim (inclusive) da data do débito. Padrão: hoje no fuso da empresa"),
  IDBankAccount: idQuery("IDBankAccount", "Só as propostas com uma das pontas nesta conta"),
});

export const listTransferProposalsRoute = createRoute({
  method: "get",
  path: "/accounts/bank-statement/transfer-proposals",
  operationId: "listTransferProposals",
  tags: [TAG],
  summary: "Transferências entre contas da empresa que o extrato bancário mostra dos dois lados",
  description: [
    "Pares de linhas **pendentes** do extrato bancário (Source=2, de qualquer origem: OFX, Open Finance, Pix, manual) de duas contas ativas da empresa: um débito e um crédito do mesmo valor,",
    `com até ${TRANSFER_WINDOW_BUSINESS_DAYS} dia útil entre as datas (fins de semana e feriados nacionais não contam: um Pix de sábado lançado na segunda forma par).`,
    "Uma linha que casaria com mais de uma outra não é proposta: o grupo aparece em `Ambiguous`.",
    `Período de no máximo ${PROPOSAL_MAX_DAYS} dias e ${PROPOSAL_MAX_LINES} linhas pendentes. Nada é gravado; aceitar uma proposta é \`POST\` na mesma rota.`,
  ].join("\n"),
  request: { query: ProposalQuerySchema },
  responses: jsonOk(TransferProposalsSchema, "As propostas, pela data do débito"),
});

const proposalLineBody = (l: TransferProposal["from"]) => ({
  IDBankStatementConciliation: l.id,
  IDBankAccount: l.bankAccountId,
  Date: l.date,
  Value: fromCents(l.value),
  Description: l.description,
});

export const listTransferProposalsHandler: AppRouteHandler<typeof listTransferProposalsRoute> = async (c) => {
  const query = c.req.valid("query");
  const { proposals, ambiguous } = await listTransferProposals(c.get("db"), c.get("caller"), {
    dateFrom: query.DateFrom,
    dateTo: query.DateTo,
    bankAccountId: query.IDBankAccount,
  });
  return c.json(
    {
      Proposals: proposals.map((p) => ({
        Value: fromCents(p.value),
        BusinessDays: p.businessDays,
        From: proposalLineBody(p.from),
        To: proposalLineBody(p.to),
      })),
      Ambiguous: ambiguous.map((a) => ({ IDBankStatementConciliation: a.lineIds })),
    },
    200,
  );
};

const AcceptProposalBodySchema = z
  .object({
    IDBankStatementConciliationFrom: idBody("IDBankStatementConciliationFrom").openapi({
      description: "A linha de débito (conta de origem)",
    }),
    IDBankStatementConciliationTo: idBody("IDBankStatementConciliationTo").openapi({
      description: "A linha de crédito (conta de destino)",
      example: 2,
    }),
    Description: textBody("Description", 200, { multiline: true })
      .nullable()
      .optional()
      .openapi({ description: "Texto da transferência; padrão `Transferência entre contas`" }),
  })
  .openapi("AcceptTransferProposal");

const AcceptedProposalSchema = TransferSchema.extend({
  IDBankStatementConciliationFrom: z
    .number()
    .int()
    .openapi({ description: "A linha do débito, conciliada com a saída da transferência" }),
  IDBankStatementConciliationTo: z
    .number()
    .int()
    .openapi({ description: "A linha do crédito, conciliada com a entrada da transferência" }),
}).openapi("AcceptedTransferProposal");

export const acceptTransferProposalRoute = createRoute({
  method: "post",
  path: "/accounts/bank-statement/transfer-proposals",
  operationId: "acceptTransferProposal",
  tags: [TAG],
  summary: "Aceita uma transferência proposta: cria a transferência e concilia as duas linhas",
  description: [
    "Um lote atômico: a transferência (como `POST /accounts/bank-statement/transfer`, as duas pernas na data da linha de débito) e cada linha conciliada com a sua perna (status 3; desfazer a conciliação desliga a perna e a transferência fica).",
    "As duas linhas precisam estar pendentes e ainda formar um par (débito e crédito do mesmo valor, contas diferentes e ativas da empresa, a janela de dias úteis da listagem).",
    "`Lançamento conciliação bancária não encontrado`: uma linha de outra empresa ou inexistente. `Falha ao processar conciliação`: outra requisição conciliou uma das linhas antes; nada é gravado.",
  ].join("\n"),
  request: { body: jsonBody(AcceptProposalBodySchema) },
  responses: jsonOk(
    AcceptedProposalSchema,
    "A transferência criada, suas pernas e as duas linhas conciliadas",
  ),
});

export const acceptTransferProposalHandler: AppRouteHandler<typeof acceptTransferProposalRoute> = async (
  c,
) => {
  const body = c.req.valid("json");
  const posted = await acceptTransferProposal(c.get("db"), c.get("caller"), {
    fromLineId: body.IDBankStatementConciliationFrom,
    toLineId: body.IDBankStatementConciliationTo,
    description: body.Description,
  });
  return c.json(
    {
      ...postedTransferBody(posted),
      IDBankStatementConciliationFrom: body.IDBankStatementConciliationFrom,
      IDBankStatementConciliationTo: body.IDBankStatementConciliationTo,
    },
    200,
  );
};
