import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { companyIntegrationCrud, companyIntegrationRows } from "./schemas";

export const listCompanyIntegrationsRoute = createRoute({
  path: "/company/integration",
  ...listConfig(companyIntegrationCrud),
});

export const listCompanyIntegrations: AppRouteHandler<typeof listCompanyIntegrationsRoute> = async (c) =>
  c.json(await listRows(c, companyIntegrationRows, c.req.valid("query")), 200);
