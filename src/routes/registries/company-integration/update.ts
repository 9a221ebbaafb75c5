import { createRoute } from "@hono/zod-openapi";
import { changeIntegration } from "../../../domain/pix/settings";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { settingsContext } from "./request";
import { companyIntegrationCrud, integrationBody, integrationChanges } from "./schemas";

export const updateCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...updateConfig(companyIntegrationCrud),
});

export const updateCompanyIntegration: AppRouteHandler<typeof updateCompanyIntegrationRoute> = async (c) => {
  const result = await changeIntegration(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
    integrationChanges(c.req.valid("json")),
    settingsContext(c),
  );
  return c.json([integrationBody(result, c.req.url)], 200);
};
