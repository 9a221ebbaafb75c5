import { createRoute } from "@hono/zod-openapi";
import { listHubMappings } from "../../../domain/registries/carrier-hub-mappings";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { carrierHubMappingCrud, mappingBody } from "./schemas";

export const listCarrierHubMappingsRoute = createRoute({
  path: "/carrier/hub-mapping",
  ...listConfig(carrierHubMappingCrud),
});

export const listCarrierHubMappings: AppRouteHandler<typeof listCarrierHubMappingsRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await listHubMappings(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(mappingBody), 200);
};
