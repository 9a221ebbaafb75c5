import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { companyIntegrationCrud, companyIntegrationRows } from "./schemas";

export const createCompanyIntegrationRoute = createRoute({
  path: "/company/integration",
  ...createConfig(companyIntegrationCrud),
});

export const createCompanyIntegration: AppRouteHandler<typeof createCompanyIntegrationRoute> = async (c) =>
  c.json(await createRow(c, companyIntegrationRows, c.req.valid("json")), 200);
