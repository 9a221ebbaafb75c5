import { createRoute } from "@hono/zod-openapi";
import { changeCompany, NON_NULL_SEFAZ_FIELDS } from "../../domain/company/company";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { CompanySchema, CompanyUpdateSchema, companyBody } from "./schemas";

export const updateCompanyRoute = createRoute({
  method: "put",
  path: "/company",
  operationId: "updateCompany",
  tags: ["Company"],
  summary: "Altera a empresa do usuário autenticado",
  description: `Só os campos enviados mudam. ${NON_NULL_SEFAZ_FIELDS.join(", ")} não podem ser nulos (400).`,
  request: { body: jsonBody(CompanyUpdateSchema) },
  responses: jsonOk(CompanySchema, "A empresa atualizada"),
});

export const updateCompany: AppRouteHandler<typeof updateCompanyRoute> = async (c) => {
  const body = c.req.valid("json");
  const company = await changeCompany(c.get("db"), c.get("caller").companyId, {
    name: body.Name,
    document: body.Document,
    timeZone: body.TimeZone,
    sefazAmbienteNf: body.SefazAmbienteNF,
    sefazAmbienteNfc: body.SefazAmbienteNFC,
    sefazAmbienteServiceInvoice: body.SefazAmbienteServiceInvoice,
  });
  return c.json(companyBody(company), 200);
};
