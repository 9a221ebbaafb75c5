import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { documentTypeCrud, documentTypeRows } from "./schemas";

export const getDocumentTypeRoute = createRoute({
  path: "/type/document/{idtypedocument}",
  ...getConfig(documentTypeCrud),
});

export const getDocumentType: AppRouteHandler<typeof getDocumentTypeRoute> = async (c) =>
  c.json(await getRows(c, documentTypeRows, c.req.valid("param").idtypedocument), 200);
