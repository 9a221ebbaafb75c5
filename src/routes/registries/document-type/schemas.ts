import { z } from "@hono/zod-openapi";
import { DOCUMENT_TYPE_NOT_FOUND } from "../../../domain/registries/messages";
import { documentTypeRegistry } from "../../../domain/registries/simple-registries";
import { idField, idPath, pageQuery, requiredText, statusField } from "../../../http/schemas";
import { type CrudSpec, registryRows } from "../crud-configs";
import type { DescribedRow } from "../fields";

export const DocumentTypeSchema = z
  .object({
    IDTypeDocument: idField("Id do tipo de documento"),
    Description: z.string().openapi({ example: "Exemplo" }),
    Status: statusField,
  })
  .openapi("DocumentType");

export const DocumentTypeCreateSchema = z
  .object({ Description: requiredText("Description", 150) })
  .openapi("DocumentTypeCreate");

export const DocumentTypeUpdateSchema = DocumentTypeCreateSchema.partial().openapi("DocumentTypeUpdate");

export const documentTypeCrud = {
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
} satisfies CrudSpec;

export const documentTypeBody = (row: DescribedRow) => ({
  IDTypeDocument: row.id,
  Description: row.description,
  Status: row.status,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const documentTypeRows = registryRows(
  documentTypeRegistry,
  documentTypeBody,
  (body: z.infer<typeof DocumentTypeCreateSchema>) => ({ description: body.Description }),
  (body: z.infer<typeof DocumentTypeUpdateSchema>) => ({ description: body.Description }),
);
