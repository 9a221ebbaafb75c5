import { z } from "@hono/zod-openapi";
import { DOCUMENT_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import { documentTypeRegistry } from "../../domain/registries/simple-registries";
import { createRouter } from "../../http/router";
import { idPath, pageQuery } from "../../http/schemas";
import { crudRoutes } from "./crud-routes";
import { type DescribedRow, idField, requiredText, statusField } from "./fields";

const DocumentTypeSchema = z
  .object({
    IDTypeDocument: idField("Id do tipo de documento"),
    Description: z.string().openapi({ example: "Exemplo" }),
    Status: statusField,
  })
  .openapi("DocumentType");

const DocumentTypeCreateSchema = z
  .object({ Description: requiredText("Description", 150) })
  .openapi("DocumentTypeCreate");

const DocumentTypeUpdateSchema = DocumentTypeCreateSchema.partial().openapi("DocumentTypeUpdate");

const routes = crudRoutes({
  path: "/type/document",
  itemPath: "/type/document/{idtypedocument}",
  params: z.object({ idtypedocument: idPath("idtypedocument") }),
  listQuery: z.object({ Page: pageQuery }),
  item: DocumentTypeSchema,
  createBody: DocumentTypeCreateSchema,
  updateBody: DocumentTypeUpdateSchema,
  tag: "Type",
  noun: { one: "tipo de documento", many: "tipos de documento" },
  notFound: DOCUMENT_TYPE_NOT_FOUND,
  operationIds: {
    list: "listDocumentTypes",
    get: "getDocumentType",
    create: "createDocumentType",
    update: "updateDocumentType",
    remove: "deleteDocumentType",
  },
});

const documentTypeBody = (row: DescribedRow) => ({
  IDTypeDocument: row.id,
  Description: row.description,
  Status: row.status,
});

export const documentTypeRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const { Page } = c.req.valid("query");
    const rows = await documentTypeRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
    return c.json(rows.map(documentTypeBody), 200);
  })
  .openapi(routes.get, async (c) => {
    const { idtypedocument } = c.req.valid("param");
    const rows = await documentTypeRegistry.findAsList(
      c.get("db"),
      c.get("caller").companyId,
      idtypedocument,
    );
    return c.json(rows.map(documentTypeBody), 200);
  })
  .openapi(routes.create, async (c) => {
    const { Description } = c.req.valid("json");
    const row = await documentTypeRegistry.create(c.get("db"), c.get("caller").companyId, {
      description: Description,
    });
    return c.json([documentTypeBody(row)], 200);
  })
  .openapi(routes.update, async (c) => {
    const { idtypedocument } = c.req.valid("param");
    const { Description } = c.req.valid("json");
    const row = await documentTypeRegistry.change(c.get("db"), c.get("caller").companyId, idtypedocument, {
      description: Description,
    });
    return c.json([documentTypeBody(row)], 200);
  })
  .openapi(routes.remove, async (c) => {
    const { idtypedocument } = c.req.valid("param");
    await documentTypeRegistry.remove(c.get("db"), c.get("caller").companyId, idtypedocument);
    return c.json("sucesso" as const, 200);
  });
