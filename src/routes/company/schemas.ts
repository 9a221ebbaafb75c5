import { z } from "@hono/zod-openapi";
import type { CompanyRow } from "../../db/identity";
import { cnpjBody, textBody } from "../../http/schemas";

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

export const CompanySchema = z
  .object({
    IDCompany: z.number().int(),
    Name: z.string(),
    Document: z.string().nullable().openapi({
      description: "CNPJ sem pontuação (numérico, ou alfanumérico em maiúsculas, ex. `12ABC34501DE35`)",
    }),
    TimeZone: z.string().openapi({ example: "America/Sao_Paulo" }),
    SefazAmbienteNF: z.number().int(),
    SefazAmbienteNFC: z.number().int(),
    SefazAmbienteServiceInvoice: z.number().int(),
    Status: z.number().int(),
  })
  .openapi("Company");

export const CompanyUpdateSchema = z
  .object({
    Name: textBody("Name", 150).min(1, "Name não pode ser vazio").optional(),
    Document: cnpjBody.optional(),
    TimeZone: textBody("TimeZone", 64)
      .optional()
      .openapi({ description: "Fuso IANA, ex.: America/Sao_Paulo" }),
    SefazAmbienteNF: SefazAmbiente("SefazAmbienteNF").optional(),
    SefazAmbienteNFC: SefazAmbiente("SefazAmbienteNFC").optional(),
    SefazAmbienteServiceInvoice: SefazAmbiente("SefazAmbienteServiceInvoice").optional(),
  })
  .openapi("CompanyUpdate");

export function companyBody(company: CompanyRow) {
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
