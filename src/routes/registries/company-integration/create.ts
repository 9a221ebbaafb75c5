import { createRoute } from "@hono/zod-openapi";
import { createIntegration } from "../../../domain/pix/settings";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { settingsContext } from "./request";
import { companyIntegrationCrud, integrationBody, integrationInput } from "./schemas";

export const createCompanyIntegrationRoute = createRoute({
  path: "/company/integration",
  ...createConfig(companyIntegrationCrud),
});

export const createCompanyIntegration: AppRouteHandler<typeof createCompanyIntegrationRoute> = async (c) => {
  const result = await createIntegration(
    c.get("db"),
    c.get("caller").companyId,
    integrationInput(c.req.valid("json")),
    settingsContext(c),
  );
  return c.json([integrationBody(result, c.req.url)], 200);
};
