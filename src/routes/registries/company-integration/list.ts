import { createRoute } from "@hono/zod-openapi";
import { companyIntegrationRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { companyIntegrationCrud, integrationBody } from "./schemas";

export const listCompanyIntegrationsRoute = createRoute({
  path: "/company/integration",
  ...listConfig(companyIntegrationCrud),
});

export const listCompanyIntegrations: AppRouteHandler<typeof listCompanyIntegrationsRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await companyIntegrationRegistry.list(c.get("db"), c.get("caller").companyId, {
    page: Page,
  });
  return c.json(rows.map(integrationBody), 200);
};
