import { createRoute } from "@hono/zod-openapi";
import { costCenterRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { costCenterBody, costCenterCrud } from "./schemas";

export const getCostCenterRoute = createRoute({
  path: "/type/cost-center/{idtypecostcenter}",
  ...getConfig(costCenterCrud),
});

export const getCostCenter: AppRouteHandler<typeof getCostCenterRoute> = async (c) => {
  const { idtypecostcenter } = c.req.valid("param");
  const rows = await costCenterRegistry.findAsList(c.get("db"), c.get("caller").companyId, idtypecostcenter);
  return c.json(rows.map(costCenterBody), 200);
};
