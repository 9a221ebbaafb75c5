import { createRoute } from "@hono/zod-openapi";
import { getCallerProfile } from "../../domain/identity/users";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { companyRefBody, UserPrivilegeSchema, userBody } from "./schemas";

export const getUserPrivilegeRoute = createRoute({
  method: "get",
  path: "/user/privilege",
  operationId: "getUserPrivilege",
  tags: ["User"],
  summary: "Usuário autenticado, suas empresas e privilégios",
  description: "O usuário do token, as empresas a que tem acesso e seus privilégios.",
  responses: jsonOk(UserPrivilegeSchema, "Usuário autenticado"),
});

export const getUserPrivilege: AppRouteHandler<typeof getUserPrivilegeRoute> = async (c) => {
  const { user, companies } = await getCallerProfile(c.get("db"), c.get("caller"));
  return c.json({ ...userBody(user), Companies: companies.map(companyRefBody), Privileges: ["*"] }, 200);
};
