import { createRoute } from "@hono/zod-openapi";
import { integrationKind } from "../../../domain/registries/integration-kind";
import { companyIntegrationRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { companyIntegrationCrud, integrationBody } from "./schemas";

export const createCompanyIntegrationRoute = createRoute({
  path: "/company/integration",
  ...createConfig(companyIntegrationCrud),
});

export const createCompanyIntegration: AppRouteHandler<typeof createCompanyIntegrationRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await companyIntegrationRegistry.create(c.get("db"), c.get("caller").companyId, {
    description: body.Description,
    kind: integrationKind(body.Kind),
  });
  return c.json([integrationBody(row)], 200);
};
