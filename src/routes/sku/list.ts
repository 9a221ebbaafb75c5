import { createRoute, z } from "@hono/zod-openapi";
import { skuPageViews } from "../../domain/stock/registry";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk, pageQuery, textBody } from "../../http/schemas";
import { SkuSchema, skuBody } from "./schemas";

export const listSkusRoute = createRoute({
  method: "get",
  path: "/sku",
  operationId: "listSkus",
  tags: ["SKU"],
  summary: "Lista os SKUs da empresa",
  description:
    "SKUs ativos (o mesmo cadastro de /product, com unidade, EAN, controle de lote, perfil tributário e custo médio), 5000 por página. `Search` procura em código, nome e EAN, como em GET /brand: as palavras nessa ordem, sem diferença de maiúsculas ASCII; `%` e `_` valem literalmente.",
  request: {
    query: z.object({
      Search: textBody("Search", 100)
        .optional()
        .openapi({ param: { name: "Search", in: "query" }, example: "camiseta" }),
      Page: pageQuery,
    }),
  },
  responses: jsonOk(z.array(SkuSchema), "SKUs"),
});

export const listSkus: AppRouteHandler<typeof listSkusRoute> = async (c) => {
  const { Search, Page } = c.req.valid("query");
  const db = c.get("db");
  const { companyId } = c.get("caller");
  const views = await skuPageViews(db, companyId, Page, Search);
  return c.json(views.map(skuBody), 200);
};
