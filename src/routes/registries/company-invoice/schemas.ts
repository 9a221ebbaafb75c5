import { z } from "@hono/zod-openapi";
import type { CompanyInvoiceRow } from "../../../db/registries/simple-registries";
import { COMPANY_INVOICE_NOT_FOUND } from "../../../domain/registries/messages";
import { companyInvoiceRegistry } from "../../../domain/registries/simple-registries";
import { cnpjBody, idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";
import { documentField } from "../fields";

export const CompanyInvoiceSchema = z
  .object({
    IDCompanyInvoice: idField("Id do faturador"),
    Name: z.string().openapi({ example: "Demo Comércio Ltda" }),
    Document: documentField.openapi({
      description: "CNPJ sem pontuação (numérico, ou alfanumérico em maiúsculas, ex. `12ABC34501DE35`)",
    }),
    Status: statusField,
  })
  .openapi("CompanyInvoice");

export const CompanyInvoiceCreateSchema = z
  .object({
    Name: requiredText("Name", 150).openapi({ example: "Demo Comércio Ltda" }),
    Document: cnpjBody.optional(),
  })
  .openapi("CompanyInvoiceCreate");

export const CompanyInvoiceUpdateSchema =
  CompanyInvoiceCreateSchema.partial().openapi("CompanyInvoiceUpdate");

export const companyInvoiceCrud = {
  params: z.object({ idcompanyinvoice: idPath("idcompanyinvoice") }),
  listQuery: z.object({ Page: pageQuery }),
  item: CompanyInvoiceSchema,
  createBody: CompanyInvoiceCreateSchema,
  updateBody: CompanyInvoiceUpdateSchema,
  tag: "Company",
  noun: { one: "faturador", many: "faturadores" },
  notFound: COMPANY_INVOICE_NOT_FOUND,
  operationIds: {
    list: "listCompanyInvoices",
    get: "getCompanyInvoice",
    create: "createCompanyInvoice",
    update: "updateCompanyInvoice",
    remove: "deleteCompanyInvoice",
  },
  notes: { list: "Faturadores (empresas emissoras de nota) da empresa." },
} satisfies CrudSpec;

export const invoiceBody = (row: CompanyInvoiceRow) => ({
  IDCompanyInvoice: row.id,
  Name: row.name,
  Document: row.document,
  Status: row.status,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const companyInvoiceRows = registryRows(
  companyInvoiceRegistry,
  invoiceBody,
  (body: z.infer<typeof CompanyInvoiceCreateSchema>) => ({
    name: body.Name,
    document: body.Document ?? null,
  }),
  (body: z.infer<typeof CompanyInvoiceUpdateSchema>) => ({ name: body.Name, document: body.Document }),
);
