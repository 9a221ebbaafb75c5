import { createRoute } from "@hono/zod-openapi";
import { listIntegrations } from "../../../domain/pix/settings";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { companyIntegrationCrud, integrationBody } from "./schemas";

export const listCompanyIntegrationsRoute = createRoute({
  path: "/company/integration",
  ...listConfig(companyIntegrationCrud),
});

export const listCompanyIntegrations: AppRouteHandler<typeof listCompanyIntegrationsRoute> = async (c) => {
  const views = await listIntegrations(c.get("db"), c.get("caller").companyId, c.req.valid("query").Page);
  return c.json(
    views.map((view) => integrationBody({ view, webhookSecret: null }, c.req.url)),
    200,
  );
};
