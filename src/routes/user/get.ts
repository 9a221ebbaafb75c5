import { createRoute, z } from "@hono/zod-openapi";
import { USER_NOT_FOUND } from "../../domain/identity/messages";
import { getUserInCompany } from "../../domain/identity/users";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { UserSchema, userBody } from "./schemas";

export const getUserRoute = createRoute({
  method: "get",
  path: "/user/{iduser}",
  operationId: "getUser",
  tags: ["User"],
  summary: "Um usuário com acesso à empresa do chamador",
  description: `Usuários sem acesso à empresa do chamador são tratados como inexistentes (400 \`${USER_NOT_FOUND}\`).`,
  request: { params: z.object({ iduser: idPath("iduser") }) },
  responses: jsonOk(UserSchema, "O usuário"),
});

export const getUser: AppRouteHandler<typeof getUserRoute> = async (c) => {
  const { iduser } = c.req.valid("param");
  return c.json(userBody(await getUserInCompany(c.get("db"), c.get("caller").companyId, iduser)), 200);
};
