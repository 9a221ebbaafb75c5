import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../domain/orders/tax-profiles";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery } from "../../http/schemas";
import { TAX_TAG, TaxProfileSchema, taxProfileBody } from "./schemas";

export const listTaxProfilesRoute = createRoute({
  method: "get",
  path: "/tax/profile",
  operationId: "listTaxProfiles",
  tags: [TAX_TAG],
  summary: "Perfis tributários",
  description:
    "Os perfis de onde os tributos dos itens de pedido são calculados (o SKU informa o `Code` em `TaxProfile`). " +
    "Alíquotas em % com até 2 casas. 5000 por página.",
  request: { query: z.object({ Page: pageQuery }) },
  responses: jsonOk(z.array(TaxProfileSchema), "Perfis tributários"),
});

export const listTaxProfiles: AppRouteHandler<typeof listTaxProfilesRoute> = async (c) => {
  const rows = await domain.listTaxProfiles(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("query").Page,
  );
  return c.json(rows.map(taxProfileBody), 200);
};
