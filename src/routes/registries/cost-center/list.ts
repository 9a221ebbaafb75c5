import { createRoute } from "@hono/zod-openapi";
import { costCenterRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { costCenterBody, costCenterCrud } from "./schemas";

export const listCostCentersRoute = createRoute({
  path: "/type/cost-center",
  ...listConfig(costCenterCrud),
});

export const listCostCenters: AppRouteHandler<typeof listCostCentersRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await costCenterRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(costCenterBody), 200);
};
