import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { findTitles, PAGE_SIZE } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { PAYABLE_ROUTES, RECEIVABLE_ROUTES, type TitleRouteKind, titleBody } from "./schemas";

const listConfig = (kind: TitleRouteKind) => ({
  method: "get" as const,
  operationId: `list${kind.name}`,
  tags: [kind.tag],
  summary: `Lista as contas (${kind.noun}) da empresa`,
  description:
    `Contas não excluídas, por vencimento e id, ${PAGE_SIZE} por página (Page a partir de 0). ` +
    `Status: 1 aberta, 2 parcialmente liquidada, 3 liquidada. IDBankAccount filtra pela conta bancária prevista. ` +
    "NossoNumero (exato, zeros à esquerda ignorados) e TxId (exato) filtram pelas chaves de cobrança (extensão).",
  request: { query: kind.schemas.ListQuery },
  responses: jsonOk(z.array(kind.schemas.Title), "As contas"),
});

export const listAccountPayableRoute = createRoute({
  path: "/accounts/payable",
  ...listConfig(PAYABLE_ROUTES),
});

export const listAccountReceivableRoute = createRoute({
  path: "/accounts/receivable",
  ...listConfig(RECEIVABLE_ROUTES),
});

type ListQuery = z.infer<TitleRouteKind["schemas"]["ListQuery"]>;

async function listTitles(c: Context<AppEnv>, kind: TitleRouteKind, query: ListQuery) {
  const rows = await findTitles(
    c.get("db"),
    c.get("caller").companyId,
    kind.domain,
    {
      status: query.Status,
      dueDateFrom: query.DueDateFrom,
      dueDateTo: query.DueDateTo,
      partyId: (query as Record<string, unknown>)[kind.partyField] as number | undefined,
      documentTypeId: query.IDTypeDocument,
      paymentTypeId: query.IDTypePayment,
      accountTypeId: query.IDTypeAccountPayableReceivable,
      costCenterId: query.IDTypeCostCenter,
      bankAccountId: query.IDBankAccount,
      nossoNumero: query.NossoNumero,
      txId: query.TxId,
    },
    query.Page,
  );
  return rows.map((row) => titleBody(kind, row));
}

export const listAccountPayable: AppRouteHandler<typeof listAccountPayableRoute> = async (c) =>
  c.json(await listTitles(c, PAYABLE_ROUTES, c.req.valid("query")), 200);

export const listAccountReceivable: AppRouteHandler<typeof listAccountReceivableRoute> = async (c) =>
  c.json(await listTitles(c, RECEIVABLE_ROUTES, c.req.valid("query")), 200);
