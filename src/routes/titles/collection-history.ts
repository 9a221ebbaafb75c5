import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { CollectionEventRow } from "../../db/bank-returns";
import { titleCollectionHistory } from "../../domain/bank-returns/collection-history";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { idField, jsonOk, moneyField } from "../../http/schemas";
import { fromCents } from "../../lib/money";
import {
  PAYABLE_ROUTES,
  payableParams,
  RECEIVABLE_ROUTES,
  receivableParams,
  type TitleRouteKind,
} from "./schemas";

const CollectionEventSchema = z
  .object({
    IDTitleCollectionEvent: idField("Id do evento de cobrança"),
    Source: z.enum(["CNAB", "PIX"]).openapi({ description: "Origem: retorno CNAB ou Pix", example: "CNAB" }),
    Kind: z.string().openapi({
      description:
        "`liquidation` (liquidado), `entryConfirmed` (entrada confirmada), `rejected` (rejeitado), `writtenOff` (baixado), `tariff` (tarifa)",
      example: "liquidation",
    }),
    OccurrenceCode: z
      .string()
      .openapi({ description: "Código de ocorrência do banco (CNAB) ou `PIX`", example: "06" }),
    BankKey: z.string().openapi({
      description: "Chave que o banco informou: nosso número sem zeros à esquerda (CNAB) ou endToEndId (Pix)",
      example: "1234567",
    }),
    Date: z.string().openapi({
      description: "Data do crédito (liquidação) ou da ocorrência, YYYY-MM-DD",
      example: "2026-03-02",
    }),
    PaidValue: moneyField("Valor pago pelo pagador (liquidação); 0 nas demais"),
    Interest: moneyField("Juros/multa"),
    Discount: moneyField("Desconto e abatimento"),
    Tariff: moneyField("Tarifa cobrada pelo banco"),
    Reason: z
      .string()
      .nullable()
      .openapi({
        type: ["string", "null"],
        description: "Motivo (rejeição) ou observação; null quando não há",
      }),
    IDJob: z
      .number()
      .int()
      .nullable()
      .openapi({ type: ["integer", "null"], format: "int32", description: "Job que registrou o evento" }),
    CreatedAt: z
      .string()
      .openapi({ description: "Quando foi registrado (UTC)", example: "2026-03-02 10:00:00" }),
  })
  .openapi("TitleCollectionEvent");

const CollectionHistorySchema = z.array(CollectionEventSchema).openapi("TitleCollectionHistory");

const historyConfig = <P extends z.ZodObject>(kind: TitleRouteKind, params: P) => ({
  method: "get" as const,
  operationId: `get${kind.name}Collection`,
  tags: [kind.tag],
  summary: `Histórico de cobrança de uma ${kind.noun} (extensão)`,
  description:
    "O que o banco informou sobre o título, do mais antigo ao mais recente: as ocorrências dos retornos CNAB " +
    "(job `BankReturnCNAB`: liquidação, entrada confirmada, rejeição com os motivos, baixa, tarifa) e os Pix recebidos. " +
    `Conta excluída ou de outra empresa: 400 \`${kind.domain.messages.notFound}\`.`,
  request: { params },
  responses: jsonOk(CollectionHistorySchema, "Os eventos de cobrança do título"),
});

export const getAccountPayableCollectionRoute = createRoute({
  path: "/accounts/payable/{idaccountpayable}/collection",
  ...historyConfig(PAYABLE_ROUTES, payableParams),
});

export const getAccountReceivableCollectionRoute = createRoute({
  path: "/accounts/receivable/{idaccountreceivable}/collection",
  ...historyConfig(RECEIVABLE_ROUTES, receivableParams),
});

function eventBody(row: CollectionEventRow) {
  return {
    IDTitleCollectionEvent: row.id,
    Source: row.source === "PIX" ? ("PIX" as const) : ("CNAB" as const),
    Kind: row.kind,
    OccurrenceCode: row.occurrenceCode,
    BankKey: row.bankKey,
    Date: row.date,
    PaidValue: fromCents(row.paidValue),
    Interest: fromCents(row.interest),
    Discount: fromCents(row.discount),
    Tariff: fromCents(row.tariff),
    Reason: row.reason,
    IDJob: row.jobId,
    CreatedAt: row.createdAt,
  };
}

async function history(c: Context<AppEnv>, kind: TitleRouteKind, id: number) {
  const rows = await titleCollectionHistory(c.get("db"), c.get("caller").companyId, kind.domain, id);
  return rows.map(eventBody);
}

export const getAccountPayableCollection: AppRouteHandler<typeof getAccountPayableCollectionRoute> = async (
  c,
) => c.json(await history(c, PAYABLE_ROUTES, c.req.valid("param").idaccountpayable), 200);

export const getAccountReceivableCollection: AppRouteHandler<
  typeof getAccountReceivableCollectionRoute
> = async (c) => c.json(await history(c, RECEIVABLE_ROUTES, c.req.valid("param").idaccountreceivable), 200);
