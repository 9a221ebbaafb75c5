import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { costCenterCrud, costCenterRows } from "./schemas";

export const getCostCenterRoute = createRoute({
  path: "/type/cost-center/{idtypecostcenter}",
  ...getConfig(costCenterCrud),
});

export const getCostCenter: AppRouteHandler<typeof getCostCenterRoute> = async (c) =>
  c.json(await getRows(c, costCenterRows, c.req.valid("param").idtypecostcenter), 200);
