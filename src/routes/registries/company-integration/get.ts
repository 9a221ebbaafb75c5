import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { companyIntegrationCrud, companyIntegrationRows } from "./schemas";

export const getCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...getConfig(companyIntegrationCrud),
});

export const getCompanyIntegration: AppRouteHandler<typeof getCompanyIntegrationRoute> = async (c) =>
  c.json(await getRows(c, companyIntegrationRows, c.req.valid("param").idcompanyintegration), 200);
