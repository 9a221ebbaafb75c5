import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { accountTypeCrud, accountTypeRows } from "./schemas";

export const deleteAccountTypeRoute = createRoute({
  path: "/type/account/type/{idtypeaccountpayablereceivable}",
  ...deleteConfig(accountTypeCrud),
});

export const deleteAccountType: AppRouteHandler<typeof deleteAccountTypeRoute> = async (c) =>
  c.json(await removeRow(c, accountTypeRows, c.req.valid("param").idtypeaccountpayablereceivable), 200);
