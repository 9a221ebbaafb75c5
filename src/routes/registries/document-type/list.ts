import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { documentTypeCrud, documentTypeRows } from "./schemas";

export const listDocumentTypesRoute = createRoute({
  path: "/type/document",
  ...listConfig(documentTypeCrud),
});

export const listDocumentTypes: AppRouteHandler<typeof listDocumentTypesRoute> = async (c) =>
  c.json(await listRows(c, documentTypeRows, c.req.valid("query")), 200);
