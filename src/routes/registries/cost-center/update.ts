import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { costCenterCrud, costCenterRows } from "./schemas";

export const updateCostCenterRoute = createRoute({
  path: "/type/cost-center/{idtypecostcenter}",
  ...updateConfig(costCenterCrud),
});

export const updateCostCenter: AppRouteHandler<typeof updateCostCenterRoute> = async (c) =>
  c.json(await changeRow(c, costCenterRows, c.req.valid("param").idtypecostcenter, c.req.valid("json")), 200);
