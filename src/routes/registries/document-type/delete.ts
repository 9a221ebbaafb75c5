import { createRoute } from "@hono/zod-openapi";
import { documentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { documentTypeCrud } from "./schemas";

export const deleteDocumentTypeRoute = createRoute({
  path: "/type/document/{idtypedocument}",
  ...deleteConfig(documentTypeCrud),
});

export const deleteDocumentType: AppRouteHandler<typeof deleteDocumentTypeRoute> = async (c) => {
  const { idtypedocument } = c.req.valid("param");
  await documentTypeRegistry.remove(c.get("db"), c.get("caller").companyId, idtypedocument);
  return c.json("sucesso" as const, 200);
};
