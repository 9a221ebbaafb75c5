import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { carrierHubMappingCrud, carrierHubMappingRows } from "./schemas";

export const getCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping/{idcarrierhubmapping}",
  ...getConfig(carrierHubMappingCrud),
});

export const getCarrierHubMapping: AppRouteHandler<typeof getCarrierHubMappingRoute> = async (c) =>
  c.json(await getRows(c, carrierHubMappingRows, c.req.valid("param").idcarrierhubmapping), 200);
