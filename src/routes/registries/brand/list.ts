import { createRoute, z } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/brands";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk } from "../../../http/schemas";
import { BrandListSchema, brandBody } from "./schemas";

export const listBrandsRoute = createRoute({
  method: "get",
  path: "/brand",
  operationId: "listBrands",
  tags: ["Brand"],
  summary: "Lista as marcas ativas",
  description:
    "Marcas com Status 1, ordenadas por nome, no máximo 5000. `Search` procura no IDBrand e no Name; cada espaço vira o curinga `%` (as palavras nessa ordem, qualquer coisa entre elas), enquanto `%`, `_` e `\\` digitados valem literalmente; maiúsculas e minúsculas ASCII são iguais, acentos contam.",
  request: {
    query: z.object({
      Search: z
        .string()
        .max(200, "Search aceita no máximo 200 caracteres")
        .optional()
        .openapi({
          param: { name: "Search", in: "query" },
          description: "Texto procurado no IDBrand e no Name; espaços viram o curinga `%`",
          example: "acme shoes",
        }),
    }),
  },
  responses: jsonOk(BrandListSchema, "Marcas ativas (no máximo 5000)"),
});

export const listBrands: AppRouteHandler<typeof listBrandsRoute> = async (c) => {
  const { Search } = c.req.valid("query");
  return c.json(
    (await domain.listBrands(c.get("db"), c.get("caller").companyId, Search)).map(brandBody),
    200,
  );
};
