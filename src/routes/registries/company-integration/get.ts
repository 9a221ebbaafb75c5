import { createRoute } from "@hono/zod-openapi";
import { companyIntegrationRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { companyIntegrationCrud, integrationBody } from "./schemas";

export const getCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...getConfig(companyIntegrationCrud),
});

export const getCompanyIntegration: AppRouteHandler<typeof getCompanyIntegrationRoute> = async (c) => {
  const { idcompanyintegration } = c.req.valid("param");
  const rows = await companyIntegrationRegistry.findAsList(
    c.get("db"),
    c.get("caller").companyId,
    idcompanyintegration,
  );
  return c.json(rows.map(integrationBody), 200);
};
