import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { accountTypeCrud, accountTypeRows } from "./schemas";

export const getAccountTypeRoute = createRoute({
  path: "/type/account/type/{idtypeaccountpayablereceivable}",
  ...getConfig(accountTypeCrud),
});

export const getAccountType: AppRouteHandler<typeof getAccountTypeRoute> = async (c) =>
  c.json(await getRows(c, accountTypeRows, c.req.valid("param").idtypeaccountpayablereceivable), 200);
