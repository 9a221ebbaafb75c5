import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { companyIntegrationCrud, companyIntegrationRows } from "./schemas";

export const updateCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...updateConfig(companyIntegrationCrud),
});

export const updateCompanyIntegration: AppRouteHandler<typeof updateCompanyIntegrationRoute> = async (c) =>
  c.json(
    await changeRow(
      c,
      companyIntegrationRows,
      c.req.valid("param").idcompanyintegration,
      c.req.valid("json"),
    ),
    200,
  );
