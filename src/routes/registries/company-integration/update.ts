import { createRoute } from "@hono/zod-openapi";
import { integrationKind } from "../../../domain/registries/integration-kind";
import { companyIntegrationRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { companyIntegrationCrud, integrationBody } from "./schemas";

export const updateCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...updateConfig(companyIntegrationCrud),
});

export const updateCompanyIntegration: AppRouteHandler<typeof updateCompanyIntegrationRoute> = async (c) => {
  const { idcompanyintegration } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await companyIntegrationRegistry.change(
    c.get("db"),
    c.get("caller").companyId,
    idcompanyintegration,
    {
      description: body.Description,
      kind: body.Kind === undefined ? undefined : integrationKind(body.Kind),
    },
  );
  return c.json([integrationBody(row)], 200);
};
