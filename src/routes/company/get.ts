import { createRoute } from "@hono/zod-openapi";
import { getCompany as companyOf } from "../../domain/company/company";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { CompanySchema, companyBody } from "./schemas";

export const getCompanyRoute = createRoute({
  method: "get",
  path: "/company",
  operationId: "getCompany",
  tags: ["Company"],
  summary: "A empresa do usuário autenticado",
  description: "A empresa do token: nome, CNPJ, fuso horário (usado em todas as datas) e ambientes SEFAZ.",
  responses: jsonOk(CompanySchema, "A empresa"),
});

export const getCompany: AppRouteHandler<typeof getCompanyRoute> = async (c) => {
  const company = await companyOf(c.get("db"), c.get("caller").companyId);
  return c.json(companyBody(company), 200);
};
