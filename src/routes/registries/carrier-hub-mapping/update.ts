import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { carrierHubMappingCrud, carrierHubMappingRows } from "./schemas";

export const updateCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping/{idcarrierhubmapping}",
  ...updateConfig(carrierHubMappingCrud),
});

export const updateCarrierHubMapping: AppRouteHandler<typeof updateCarrierHubMappingRoute> = async (c) =>
  c.json(
    await changeRow(c, carrierHubMappingRows, c.req.valid("param").idcarrierhubmapping, c.req.valid("json")),
    200,
  );
