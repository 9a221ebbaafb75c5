import { createRoute, type RouteHandler, z } from "@hono/zod-openapi";
import { findTitles, TITLES_PAGE_SIZE } from "../../domain/titles/titles";
import type { AppEnv } from "../../env";
import { jsonOk } from "../../http/schemas";
import { titleBody } from "./body";
import type { TitleRouteKind } from "./kinds";

export const listTitlesRoute = <K extends TitleRouteKind>(kind: K) =>
  createRoute({
    method: "get",
    path: kind.basePath as K["basePath"],
    operationId: `list${kind.name}`,
    tags: [kind.tag],
    summary: `Lista as contas (${kind.noun}) da empresa`,
    description:
      `Contas não excluídas, por vencimento e id, ${TITLES_PAGE_SIZE} por página (Page a partir de 0). ` +
      `Status: 1 aberta, 2 parcialmente liquidada, 3 liquidada. IDBankAccount filtra pela conta bancária prevista.`,
    request: { query: kind.schemas.ListQuery },
    responses: jsonOk(z.array(kind.schemas.Title), "As contas"),
  });

export const listTitlesHandler =
  <K extends TitleRouteKind>(kind: K): RouteHandler<ReturnType<typeof listTitlesRoute<K>>, AppEnv> =>
  async (c) => {
    const query = c.req.valid("query");
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
      },
      query.Page,
    );
    return c.json(
      rows.map((row) => titleBody(kind, row)),
      200,
    );
  };
