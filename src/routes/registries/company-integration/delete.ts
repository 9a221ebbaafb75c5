import { createRoute } from "@hono/zod-openapi";
import { companyIntegrationRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { companyIntegrationCrud } from "./schemas";

export const deleteCompanyIntegrationRoute = createRoute({
  path: "/company/integration/{idcompanyintegration}",
  ...deleteConfig(companyIntegrationCrud),
});

export const deleteCompanyIntegration: AppRouteHandler<typeof deleteCompanyIntegrationRoute> = async (c) => {
  await companyIntegrationRegistry.remove(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idcompanyintegration,
  );
  return c.json("sucesso" as const, 200);
};
