import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { accountTypeCrud, accountTypeRows } from "./schemas";

export const updateAccountTypeRoute = createRoute({
  path: "/type/account/type/{idtypeaccountpayablereceivable}",
  ...updateConfig(accountTypeCrud),
});

export const updateAccountType: AppRouteHandler<typeof updateAccountTypeRoute> = async (c) =>
  c.json(
    await changeRow(
      c,
      accountTypeRows,
      c.req.valid("param").idtypeaccountpayablereceivable,
      c.req.valid("json"),
    ),
    200,
  );
