import { DOCUMENT_TYPE_NOT_FOUND } from "../../domain/registries/messages";
import { documentTypeRegistry } from "../../domain/registries/simple-registries";
import { describedRegistryRouter } from "./described-registry";

export const documentTypeRouter = describedRegistryRouter({
  path: "/type/document",
  param: "idtypedocument",
  idField: "IDTypeDocument",
  schemaName: "DocumentType",
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
  registry: documentTypeRegistry,
});
