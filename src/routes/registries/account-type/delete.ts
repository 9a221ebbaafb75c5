import { createRoute } from "@hono/zod-openapi";
import { accountTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { accountTypeCrud } from "./schemas";

export const deleteAccountTypeRoute = createRoute({
  path: "/type/account/type/{idtypeaccountpayablereceivable}",
  ...deleteConfig(accountTypeCrud),
});

export const deleteAccountType: AppRouteHandler<typeof deleteAccountTypeRoute> = async (c) => {
  const { idtypeaccountpayablereceivable: id } = c.req.valid("param");
  await accountTypeRegistry.remove(c.get("db"), c.get("caller").companyId, id);
  return c.json("sucesso" as const, 200);
};
