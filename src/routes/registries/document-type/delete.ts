import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { documentTypeCrud, documentTypeRows } from "./schemas";

export const deleteDocumentTypeRoute = createRoute({
  path: "/type/document/{idtypedocument}",
  ...deleteConfig(documentTypeCrud),
});

export const deleteDocumentType: AppRouteHandler<typeof deleteDocumentTypeRoute> = async (c) =>
  c.json(await removeRow(c, documentTypeRows, c.req.valid("param").idtypedocument), 200);
