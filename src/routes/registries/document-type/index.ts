import { createRouter } from "../../../http/router";
import { createDocumentType, createDocumentTypeRoute } from "./create";
import { deleteDocumentType, deleteDocumentTypeRoute } from "./delete";
import { getDocumentType, getDocumentTypeRoute } from "./get";
import { listDocumentTypes, listDocumentTypesRoute } from "./list";
import { updateDocumentType, updateDocumentTypeRoute } from "./update";

export const documentTypeRouter = createRouter()
  .openapi(listDocumentTypesRoute, listDocumentTypes)
  .openapi(getDocumentTypeRoute, getDocumentType)
  .openapi(createDocumentTypeRoute, createDocumentType)
  .openapi(updateDocumentTypeRoute, updateDocumentType)
  .openapi(deleteDocumentTypeRoute, deleteDocumentType);
