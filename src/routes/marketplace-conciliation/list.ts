import { createRoute, z } from "@hono/zod-openapi";
import { marketplaceConciliation } from "../../domain/marketplace/conciliation-report";
import type { AppRouteHandler } from "../../http/router";
import { dateQuery, idQuery, jsonOk, pageQuery } from "../../http/schemas";
import { conciliationBody, MarketplaceConciliationSchema, TAG } from "./schemas";

export const listMarketplaceConciliationRoute = createRoute({
  method: "get",
  path: "/accounts/receivable/marketplace-conciliation",
  operationId: "listMarketplaceConciliation",
  tags: [TAG],
  summary: "Conciliação de marketplace: repasses dos canais contra as contas a receber dos pedidos",
  description:
    "As linhas de repasse (importadas do canal pela importação de pedidos do hub, ou de um relatório CSV pelo job `MarketplaceSettlement`), por integração, pedido do canal e id. A página (5000 linhas) é cortada ANTES do agrupamento: um pedido do canal cujas linhas passam do fim da página continua na página seguinte. Cada grupo traz a soma de bruto, comissão, tarifas e líquido, os percentuais como frações de 0 a 1 do bruto, e as contas a receber do pedido que o hub criou para o pedido do canal.",
  request: {
    query: z.object({
      IDCompanyIntegration: idQuery("IDCompanyIntegration", "Só os repasses desta integração"),
      DateFrom: dateQuery("DateFrom", "Data de repasse a partir de (inclusive)"),
      DateTo: dateQuery("DateTo", "Data de repasse até (inclusive)"),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(
    z.array(MarketplaceConciliationSchema),
    "Os pedidos do canal da página, com seus repasses",
  ),
});

export const listMarketplaceConciliation: AppRouteHandler<typeof listMarketplaceConciliationRoute> = async (
  c,
) => {
  const q = c.req.valid("query");
  const rows = await marketplaceConciliation(c.get("db"), c.get("caller").companyId, {
    integrationId: q.IDCompanyIntegration,
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    page: q.Page,
  });
  return c.json(rows.map(conciliationBody), 200);
};
