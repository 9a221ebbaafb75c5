import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { carrierHubMappingCrud, carrierHubMappingRows } from "./schemas";

export const deleteCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping/{idcarrierhubmapping}",
  ...deleteConfig(carrierHubMappingCrud),
});

export const deleteCarrierHubMapping: AppRouteHandler<typeof deleteCarrierHubMappingRoute> = async (c) =>
  c.json(await removeRow(c, carrierHubMappingRows, c.req.valid("param").idcarrierhubmapping), 200);
