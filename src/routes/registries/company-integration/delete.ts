import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { companyIntegrationCrud, companyIntegrationRows } from "./schemas";

export const deleteCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...deleteConfig(companyIntegrationCrud),
});

export const deleteCompanyIntegration: AppRouteHandler<typeof deleteCompanyIntegrationRoute> = async (c) =>
  c.json(await removeRow(c, companyIntegrationRows, c.req.valid("param").idcompanyintegration), 200);
