import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { costCenterCrud, costCenterRows } from "./schemas";

export const createCostCenterRoute = createRoute({
  path: "/type/cost-center",
  ...createConfig(costCenterCrud),
});

export const createCostCenter: AppRouteHandler<typeof createCostCenterRoute> = async (c) =>
  c.json(await createRow(c, costCenterRows, c.req.valid("json")), 200);
