import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { carrierHubMappingCrud, carrierHubMappingRows } from "./schemas";

export const createCarrierHubMappingRoute = createRoute({
  path: "/carrier/hub-mapping",
  ...createConfig(carrierHubMappingCrud),
});

export const createCarrierHubMapping: AppRouteHandler<typeof createCarrierHubMappingRoute> = async (c) =>
  c.json(await createRow(c, carrierHubMappingRows, c.req.valid("json")), 200);
