import { z } from "@hono/zod-openapi";
import type { CompanyIntegrationRow } from "../../db/registries/simple-registries";
import { integrationKind } from "../../domain/registries/integration-kind";
import { INTEGRATION_NOT_FOUND } from "../../domain/registries/messages";
import { companyIntegrationRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { idField, requiredText, statusField } from "./fields";

const kindDescription = "`TEF` (banco/TEF), `PIX` ou outro texto; `tef`/`pix` são gravados em maiúsculas";

const CompanyIntegrationSchema = z
  .object({
    IDCompanyIntegration: idField("Id da integração"),
    Description: z.string().openapi({ example: "Pix Banco do Brasil" }),
    Kind: z.string().openapi({ description: kindDescription, example: "PIX" }),
    Status: statusField,
  })
  .openapi("CompanyIntegration");

const CompanyIntegrationCreateSchema = z
  .object({
    Description: requiredText("Description", 150).openapi({ example: "Pix Banco do Brasil" }),
    Kind: requiredText("Kind", 30).openapi({ description: kindDescription, example: "PIX" }),
  })
  .openapi("CompanyIntegrationCreate");

const CompanyIntegrationUpdateSchema =
  CompanyIntegrationCreateSchema.partial().openapi("CompanyIntegrationUpdate");

const routes = crudRoutes({
  path: "/company/integration",
  itemPath: "/company/integration/{idcompanyintegration}",
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
});

const integrationBody = (row: CompanyIntegrationRow) => ({
  IDCompanyIntegration: row.id,
  Description: row.description,
  Kind: row.kind,
  Status: row.status,
});

export const companyIntegrationRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await companyIntegrationRegistry.list(c.get("db"), c.get("caller").companyId, {
      page: Page,
    });
    return c.json(rows.map(integrationBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idcompanyintegration } = c.req.valid("param");
    const rows = await companyIntegrationRegistry.findAsList(
      c.get("db"),
      c.get("caller").companyId,
      idcompanyintegration,
    );
    return c.json(rows.map(integrationBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const body = c.req.valid("json");
    const row = await companyIntegrationRegistry.create(c.get("db"), c.get("caller").companyId, {
      description: body.Description,
      kind: integrationKind(body.Kind),
    });
    return c.json([integrationBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idcompanyintegration } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await companyIntegrationRegistry.change(
      c.get("db"),
      c.get("caller").companyId,
      idcompanyintegration,
      {
        description: body.Description,
        kind: body.Kind === undefined ? undefined : integrationKind(body.Kind),
      },
    );
    return c.json([integrationBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idcompanyintegration } = c.req.valid("param");
    await companyIntegrationRegistry.remove(c.get("db"), c.get("caller").companyId, idcompanyintegration);
    return c.json("sucesso" as const, 200);
  });
