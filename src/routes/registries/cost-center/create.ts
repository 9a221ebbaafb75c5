import { createRoute } from "@hono/zod-openapi";
import { costCenterRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { costCenterBody, costCenterCrud } from "./schemas";

export const createCostCenterRoute = createRoute({
  path: "/type/cost-center",
  ...createConfig(costCenterCrud),
});

export const createCostCenter: AppRouteHandler<typeof createCostCenterRoute> = async (c) => {
  const { Description } = c.req.valid("json");
  const row = await costCenterRegistry.create(c.get("db"), c.get("caller").companyId, {
    description: Description,
  });
  return c.json([costCenterBody(row)], 200);
};
