import { createRoute } from "@hono/zod-openapi";
import { changeHubMapping } from "../../../domain/registries/carrier-hub-mappings";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { carrierHubMappingCrud, mappingBody, mappingInput } from "./schemas";

export const updateCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping/{idcarrierhubmapping}",
  ...updateConfig(carrierHubMappingCrud),
});

export const updateCarrierHubMapping: AppRouteHandler<typeof updateCarrierHubMappingRoute> = async (c) => {
  const { idcarrierhubmapping } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await changeHubMapping(
    c.get("db"),
    c.get("caller").companyId,
    idcarrierhubmapping,
    mappingInput(body),
  );
  return c.json([mappingBody(row)], 200);
};
