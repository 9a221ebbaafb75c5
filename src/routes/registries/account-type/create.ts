import { createRoute } from "@hono/zod-openapi";
import { accountTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { accountTypeBody, accountTypeCrud, accountTypeInput } from "./schemas";

export const createAccountTypeRoute = createRoute({
  path: "/type/account/type",
  ...createConfig(accountTypeCrud),
});

export const createAccountType: AppRouteHandler<typeof createAccountTypeRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await accountTypeRegistry.create(c.get("db"), c.get("caller").companyId, {
    ...accountTypeInput(body),
    description: body.Description,
  });
  return c.json([accountTypeBody(row)], 200);
};
