import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { costCenterCrud, costCenterRows } from "./schemas";

export const listCostCentersRoute = createRoute({
  path: "/type/cost-center",
  ...listConfig(costCenterCrud),
});

export const listCostCenters: AppRouteHandler<typeof listCostCentersRoute> = async (c) =>
  c.json(await listRows(c, costCenterRows, c.req.valid("query")), 200);
