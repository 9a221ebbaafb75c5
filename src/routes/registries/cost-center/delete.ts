import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { costCenterCrud, costCenterRows } from "./schemas";

export const deleteCostCenterRoute = createRoute({
  path: "/type/cost-center/{idtypecostcenter}",
  ...deleteConfig(costCenterCrud),
});

export const deleteCostCenter: AppRouteHandler<typeof deleteCostCenterRoute> = async (c) =>
  c.json(await removeRow(c, costCenterRows, c.req.valid("param").idtypecostcenter), 200);
