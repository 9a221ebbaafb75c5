import { createRoute } from "@hono/zod-openapi";
import { documentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { documentTypeBody, documentTypeCrud } from "./schemas";

export const getDocumentTypeRoute = createRoute({
  path: "/type/document/{idtypedocument}",
  ...getConfig(documentTypeCrud),
});

export const getDocumentType: AppRouteHandler<typeof getDocumentTypeRoute> = async (c) => {
  const { idtypedocument } = c.req.valid("param");
  const rows = await documentTypeRegistry.findAsList(c.get("db"), c.get("caller").companyId, idtypedocument);
  return c.json(rows.map(documentTypeBody), 200);
};
