import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { accountTypeCrud, accountTypeRows } from "./schemas";

export const listAccountTypesRoute = createRoute({
  path: "/type/account/type",
  ...listConfig(accountTypeCrud),
});

export const listAccountTypes: AppRouteHandler<typeof listAccountTypesRoute> = async (c) =>
  c.json(await listRows(c, accountTypeRows, c.req.valid("query")), 200);
