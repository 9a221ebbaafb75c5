import { createRoute } from "@hono/zod-openapi";
import { costCenterRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { costCenterCrud } from "./schemas";

export const deleteCostCenterRoute = createRoute({
  path: "/type/cost-center/{idtypecostcenter}",
  ...deleteConfig(costCenterCrud),
});

export const deleteCostCenter: AppRouteHandler<typeof deleteCostCenterRoute> = async (c) => {
  const { idtypecostcenter } = c.req.valid("param");
  await costCenterRegistry.remove(c.get("db"), c.get("caller").companyId, idtypecostcenter);
  return c.json("sucesso" as const, 200);
};
