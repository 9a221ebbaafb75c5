import { createRoute } from "@hono/zod-openapi";
import { documentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { documentTypeBody, documentTypeCrud } from "./schemas";

export const listDocumentTypesRoute = createRoute({
  path: "/type/document",
  ...listConfig(documentTypeCrud),
});

export const listDocumentTypes: AppRouteHandler<typeof listDocumentTypesRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await documentTypeRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(documentTypeBody), 200);
};
