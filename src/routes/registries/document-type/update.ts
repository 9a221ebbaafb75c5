import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { documentTypeCrud, documentTypeRows } from "./schemas";

export const updateDocumentTypeRoute = createRoute({
  path: "/type/document/{idtypedocument}",
  ...updateConfig(documentTypeCrud),
});

export const updateDocumentType: AppRouteHandler<typeof updateDocumentTypeRoute> = async (c) =>
  c.json(await changeRow(c, documentTypeRows, c.req.valid("param").idtypedocument, c.req.valid("json")), 200);
