import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { documentTypeCrud, documentTypeRows } from "./schemas";

export const createDocumentTypeRoute = createRoute({
  path: "/type/document",
  ...createConfig(documentTypeCrud),
});

export const createDocumentType: AppRouteHandler<typeof createDocumentTypeRoute> = async (c) =>
  c.json(await createRow(c, documentTypeRows, c.req.valid("json")), 200);
