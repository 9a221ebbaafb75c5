import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { carrierHubMappingCrud, carrierHubMappingRows } from "./schemas";

export const listCarrierHubMappingsRoute = createRoute({
  path: "/carrier/hub-mapping",
  ...listConfig(carrierHubMappingCrud),
});

export const listCarrierHubMappings: AppRouteHandler<typeof listCarrierHubMappingsRoute> = async (c) =>
  c.json(await listRows(c, carrierHubMappingRows, c.req.valid("query")), 200);
