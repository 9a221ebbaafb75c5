import { z } from "@hono/zod-openapi";
import type { CompanyIntegrationRow } from "../../../db/registries/simple-registries";
import { integrationKind } from "../../../domain/registries/integration-kind";
import { INTEGRATION_NOT_FOUND } from "../../../domain/registries/messages";
import { companyIntegrationRegistry } from "../../../domain/registries/simple-registries";
import { idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";

export const kindDescription =
  "`TEF` (banco/TEF), `PIX` ou outro texto; `tef`/`pix` são gravados em maiúsculas";

export const CompanyIntegrationSchema = z
  .object({
    IDCompanyIntegration: idField("Id da integração"),
    Description: z.string().openapi({ example: "Pix Banco do Brasil" }),
    Kind: z.string().openapi({ description: kindDescription, example: "PIX" }),
    Status: statusField,
  })
  .openapi("CompanyIntegration");

export const CompanyIntegrationCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Pix Banco do Brasil" }),
    Kind: requiredText("Kind", 30).openapi({ description: kindDescription, example: "PIX" }),
  })
  .openapi("CompanyIntegrationCreate");

export const CompanyIntegrationUpdateSchema =
  CompanyIntegrationCreateSchema.partial().openapi("CompanyIntegrationUpdate");

export const companyIntegrationCrud = {
  params: z.object({ idcompanyintegration: idPath("idcompanyintegration") }),
  listQuery: z.object({ Page: pageQuery }),
  item: CompanyIntegrationSchema,
  createBody: CompanyIntegrationCreateSchema,
  updateBody: CompanyIntegrationUpdateSchema,
  tag: "Company",
  noun: { one: "integração", many: "integrações" },
  notFound: INTEGRATION_NOT_FOUND,
  operationIds: {
    list: "listCompanyIntegrations",
    get: "getCompanyIntegration",
    create: "createCompanyIntegration",
    update: "updateCompanyIntegration",
    remove: "deleteCompanyIntegration",
  },
  notes: { list: "Integrações bancárias/TEF, Pix e outras da empresa." },
} satisfies CrudSpec;

export const integrationBody = (row: CompanyIntegrationRow) => ({
  IDCompanyIntegration: row.id,
  Description: row.description,
  Kind: row.kind,
  Status: row.status,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const companyIntegrationRows = registryRows(
  companyIntegrationRegistry,
  integrationBody,
  (body: z.infer<typeof CompanyIntegrationCreateSchema>) => ({
    description: body.Description,
    kind: integrationKind(body.Kind),
  }),
  (body: z.infer<typeof CompanyIntegrationUpdateSchema>) => ({
    description: body.Description,
    kind: body.Kind === undefined ? undefined : integrationKind(body.Kind),
  }),
);
