import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { accountTypeCrud, accountTypeRows } from "./schemas";

export const createAccountTypeRoute = createRoute({
  path: "/type/account/type",
  ...createConfig(accountTypeCrud),
});

export const createAccountType: AppRouteHandler<typeof createAccountTypeRoute> = async (c) =>
  c.json(await createRow(c, accountTypeRows, c.req.valid("json")), 200);
