import { createRoute } from "@hono/zod-openapi";
import { costCenterRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { costCenterBody, costCenterCrud } from "./schemas";

export const updateCostCenterRoute = createRoute({
  path: "/type/cost-center/{idtypecostcenter}",
  ...updateConfig(costCenterCrud),
});

export const updateCostCenter: AppRouteHandler<typeof updateCostCenterRoute> = async (c) => {
  const { idtypecostcenter } = c.req.valid("param");
  const { Description } = c.req.valid("json");
  const row = await costCenterRegistry.change(c.get("db"), c.get("caller").companyId, idtypecostcenter, {
    description: Description,
  });
  return c.json([costCenterBody(row)], 200);
};
