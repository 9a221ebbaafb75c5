import { createRoute } from "@hono/zod-openapi";
import { documentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { documentTypeBody, documentTypeCrud } from "./schemas";

export const createDocumentTypeRoute = createRoute({
  path: "/type/document",
  ...createConfig(documentTypeCrud),
});

export const createDocumentType: AppRouteHandler<typeof createDocumentTypeRoute> = async (c) => {
  const { Description } = c.req.valid("json");
  const row = await documentTypeRegistry.create(c.get("db"), c.get("caller").companyId, {
    description: Description,
  });
  return c.json([documentTypeBody(row)], 200);
};
