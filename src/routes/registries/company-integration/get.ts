import { createRoute } from "@hono/zod-openapi";
import { findIntegrationAsList } from "../../../domain/pix/settings";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { companyIntegrationCrud, integrationBody } from "./schemas";

export const getCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...getConfig(companyIntegrationCrud),
});

export const getCompanyIntegration: AppRouteHandler<typeof getCompanyIntegrationRoute> = async (c) => {
  const views = await findIntegrationAsList(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
  );
  return c.json(
    views.map((view) => integrationBody({ view, webhookSecret: null }, c.req.url)),
    200,
  );
};
