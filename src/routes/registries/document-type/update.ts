import { createRoute } from "@hono/zod-openapi";
import { documentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { documentTypeBody, documentTypeCrud } from "./schemas";

export const updateDocumentTypeRoute = createRoute({
  path: "/type/document/{idtypedocument}",
  ...updateConfig(documentTypeCrud),
});

export const updateDocumentType: AppRouteHandler<typeof updateDocumentTypeRoute> = async (c) => {
  const { idtypedocument } = c.req.valid("param");
  const { Description } = c.req.valid("json");
  const row = await documentTypeRegistry.change(c.get("db"), c.get("caller").companyId, idtypedocument, {
    description: Description,
  });
  return c.json([documentTypeBody(row)], 200);
};
