import { createRoute } from "@hono/zod-openapi";
import { createHubMapping } from "../../../domain/registries/carrier-hub-mappings";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { carrierHubMappingCrud, mappingBody, mappingInput } from "./schemas";

export const createCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping",
  ...createConfig(carrierHubMappingCrud),
});

export const createCarrierHubMapping: AppRouteHandler<typeof createCarrierHubMappingRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await createHubMapping(c.get("db"), c.get("caller").companyId, {
    ...mappingInput(body),
    hubCarrierName: body.HubCarrierName,
  });
  return c.json([mappingBody(row)], 200);
};
