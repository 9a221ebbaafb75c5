import { createRoute, z } from "@hono/zod-openapi";
import { listAcquirerLines as acquirerLinesOf } from "../../domain/statement/lines";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, enumIntQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { AcquirerLineSchema, acquirerLineBody, TAG } from "../bank-statement/schemas";

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

export const listAcquirerLines: AppRouteHandler<typeof listAcquirerLinesRoute> = async (c) => {
  const q = c.req.valid("query");
  const views = await acquirerLinesOf(c.get("db"), c.get("caller"), {
    bankAccountId: q.IDBankAccount,
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    statusId: q.IDTypeStatusConciliation,
    page: q.Page,
  });
  return c.json(views.map(acquirerLineBody), 200);
};
