import { createRoute } from "@hono/zod-openapi";
import { accountTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { accountTypeBody, accountTypeCrud } from "./schemas";

export const listAccountTypesRoute = createRoute({
  path: "/type/account/type",
  ...listConfig(accountTypeCrud),
});

export const listAccountTypes: AppRouteHandler<typeof listAccountTypesRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await accountTypeRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(accountTypeBody), 200);
};
