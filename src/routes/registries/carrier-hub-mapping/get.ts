import { createRoute } from "@hono/zod-openapi";
import { findHubMappingAsList } from "../../../domain/registries/carrier-hub-mappings";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { carrierHubMappingCrud, mappingBody } from "./schemas";

export const getCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping/{idcarrierhubmapping}",
  ...getConfig(carrierHubMappingCrud),
});

export const getCarrierHubMapping: AppRouteHandler<typeof getCarrierHubMappingRoute> = async (c) => {
  const { idcarrierhubmapping } = c.req.valid("param");
  const rows = await findHubMappingAsList(c.get("db"), c.get("caller").companyId, idcarrierhubmapping);
  return c.json(rows.map(mappingBody), 200);
};
