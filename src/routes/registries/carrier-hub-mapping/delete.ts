import { createRoute } from "@hono/zod-openapi";
import { deleteHubMapping } from "../../../domain/registries/carrier-hub-mappings";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { carrierHubMappingCrud } from "./schemas";

export const deleteCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping/{idcarrierhubmapping}",
  ...deleteConfig(carrierHubMappingCrud),
});

export const deleteCarrierHubMapping: AppRouteHandler<typeof deleteCarrierHubMappingRoute> = async (c) => {
  const { idcarrierhubmapping } = c.req.valid("param");
  await deleteHubMapping(c.get("db"), c.get("caller").companyId, idcarrierhubmapping);
  return c.json("sucesso" as const, 200);
};
