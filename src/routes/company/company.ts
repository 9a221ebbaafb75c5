import { createRoute, z } from "@hono/zod-openapi";
import type { CompanyRow } from "../../db/identity";
import { changeCompany, getCompany, NON_NULL_SEFAZ_FIELDS } from "../../domain/company/company";
import { createRouter } from "../../http/router";
import { jsonOk, textBody } from "../../http/schemas";

const SefazAmbiente = (name: string) =>
  z
    .union([z.literal(1), z.literal(2)], {
      error: `${name} não pode ser nulo e deve ser 1 (produção) ou 2 (homologação)`,
    })
    .openapi({
      type: "integer",
      enum: [1, 2],
      description: `${name}: 1 produção, 2 homologação; nunca nulo`,
    });

const CompanySchema = z
  .object({
    IDCompany: z.number().int(),
    Name: z.string(),
    Document: z.string().nullable().openapi({ description: "CNPJ" }),
    TimeZone: z.string().openapi({ example: "America/Sao_Paulo" }),
    SefazAmbienteNF: z.number().int(),
    SefazAmbienteNFC: z.number().int(),
    SefazAmbienteServiceInvoice: z.number().int(),
    Status: z.number().int(),
  })
  .openapi("Company");

const CompanyUpdateSchema = z
  .object({
    Name: textBody("Name", 150).min(1, "Name não pode ser vazio").optional(),
    Document: textBody("Document", 20).nullable().optional(),
    TimeZone: textBody("TimeZone", 64)
      .optional()
      .openapi({ description: "Fuso IANA, ex.: America/Sao_Paulo" }),
    SefazAmbienteNF: SefazAmbiente("SefazAmbienteNF").optional(),
    SefazAmbienteNFC: SefazAmbiente("SefazAmbienteNFC").optional(),
    SefazAmbienteServiceInvoice: SefazAmbiente("SefazAmbienteServiceInvoice").optional(),
  })
  .openapi("CompanyUpdate");

function companyBody(company: CompanyRow) {
  return {
    IDCompany: company.id,
    Name: company.name,
    Document: company.document ?? null,
    TimeZone: company.timeZone,
    SefazAmbienteNF: company.sefazAmbienteNf,
    SefazAmbienteNFC: company.sefazAmbienteNfc,
    SefazAmbienteServiceInvoice: company.sefazAmbienteServiceInvoice,
    Status: company.status,
  };
}

export const getCompanyRoute = createRoute({
  method: "get",
  path: "/company",
  operationId: "getCompany",
  tags: ["Company"],
  summary: "A empresa do usuário autenticado",
  description: "A empresa do token: nome, CNPJ, fuso horário (usado em todas as datas) e ambientes SEFAZ.",
  responses: jsonOk(CompanySchema, "A empresa"),
});

export const putCompanyRoute = createRoute({
  method: "put",
  path: "/company",
  operationId: "updateCompany",
  tags: ["Company"],
  summary: "Altera a empresa do usuário autenticado",
  description: `Só os campos enviados mudam. ${NON_NULL_SEFAZ_FIELDS.join(", ")} não podem ser nulos (400).`,
  request: { body: { required: true, content: { "application/json": { schema: CompanyUpdateSchema } } } },
  responses: jsonOk(CompanySchema, "A empresa atualizada"),
});

export const companyRouter = createRouter()
  .openapi(getCompanyRoute, async (c) => {
    const company = await getCompany(c.get("db"), c.get("caller").companyId);
    return c.json(companyBody(company), 200);
  })
  .openapi(putCompanyRoute, async (c) => {
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
  });
