import { createRoute } from "@hono/zod-openapi";
import { accountTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { accountTypeBody, accountTypeCrud } from "./schemas";

export const getAccountTypeRoute = createRoute({
  path: "/type/account/type/{idtypeaccountpayablereceivable}",
  ...getConfig(accountTypeCrud),
});

export const getAccountType: AppRouteHandler<typeof getAccountTypeRoute> = async (c) => {
  const { idtypeaccountpayablereceivable: id } = c.req.valid("param");
  const rows = await accountTypeRegistry.findAsList(c.get("db"), c.get("caller").companyId, id);
  return c.json(rows.map(accountTypeBody), 200);
};
