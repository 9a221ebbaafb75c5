import { z } from "@hono/zod-openapi";
import type { CompanyInvoiceRow } from "../../db/registries/simple-registries";
import { COMPANY_INVOICE_NOT_FOUND } from "../../domain/registries/messages";
import { companyInvoiceRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { cnpjBody, documentField, idField, requiredText, statusField } from "./fields";

const CompanyInvoiceSchema = z
  .object({
    IDCompanyInvoice: idField("Id do faturador"),
    Name: z.string().openapi({ example: "Demo Comércio Ltda" }),
    Document: documentField.openapi({ description: "CNPJ, só dígitos" }),
    Status: statusField,
  })
  .openapi("CompanyInvoice");

const CompanyInvoiceCreateSchema = z
  .object({
    Name: requiredText("Name", 150).openapi({ example: "Demo Comércio Ltda" }),
    Document: cnpjBody.optional(),
  })
  .openapi("CompanyInvoiceCreate");

const CompanyInvoiceUpdateSchema = CompanyInvoiceCreateSchema.partial().openapi("CompanyInvoiceUpdate");

const routes = crudRoutes({
  path: "/company/invoice",
  itemPath: "/company/invoice/{idcompanyinvoice}",
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
});

const invoiceBody = (row: CompanyInvoiceRow) => ({
  IDCompanyInvoice: row.id,
  Name: row.name,
  Document: row.document,
  Status: row.status,
});

export const companyInvoiceRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await companyInvoiceRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(invoiceBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idcompanyinvoice } = c.req.valid("param");
    const rows = await companyInvoiceRegistry.findAsList(
      c.get("db"),
      c.get("caller").companyId,
      idcompanyinvoice,
    );
    return c.json(rows.map(invoiceBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const row = await companyInvoiceRegistry.create(c.get("db"), c.get("caller").companyId, {
      name: body.Name,
      document: body.Document ?? null,
    });
    return c.json([invoiceBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idcompanyinvoice } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await companyInvoiceRegistry.change(
      c.get("db"),
      c.get("caller").companyId,
      idcompanyinvoice,
      {
        name: body.Name,
        document: body.Document,
      },
    );
    return c.json([invoiceBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idcompanyinvoice } = c.req.valid("param");
    await companyInvoiceRegistry.remove(c.get("db"), c.get("caller").companyId, idcompanyinvoice);
    return c.json("sucesso" as const, 200);
  });
