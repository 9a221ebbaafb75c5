import { createRoute } from "@hono/zod-openapi";
import { accountTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { accountTypeBody, accountTypeCrud, accountTypeInput } from "./schemas";

export const updateAccountTypeRoute = createRoute({
  path: "/type/account/type/{idtypeaccountpayablereceivable}",
  ...updateConfig(accountTypeCrud),
});

export const updateAccountType: AppRouteHandler<typeof updateAccountTypeRoute> = async (c) => {
  const { idtypeaccountpayablereceivable: id } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await accountTypeRegistry.change(
    c.get("db"),
    c.get("caller").companyId,
    id,
    accountTypeInput(body),
  );
  return c.json([accountTypeBody(row)], 200);
};
