import { createRoute, z } from "@hono/zod-openapi";
import { companiesOfUser, findUserInCompany, type UserRow } from "../../db/identity";
import { toursSeenOf } from "../../domain/identity/sign-in";
import { createRouter } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { badRequest } from "../../lib/errors";
import { CompanyRefSchema, UserSchema } from "./schemas";

export const USER_NOT_FOUND = "Usuário não existe";

const PrivilegeSchema = UserSchema.extend({
  Companies: z.array(CompanyRefSchema).openapi({ description: "Empresas às quais o usuário tem acesso" }),
  Privileges: z.array(z.string()).openapi({
    description: "Privilégios do usuário; `*` = acesso total (modelo de permissões ainda único)",
  }),
}).openapi("UserPrivilege");

function userBody(user: UserRow) {
  return {
    IDUser: user.id,
    Name: user.name,
    Email: user.email,
    IDCompany: user.companyId,
    Status: user.status,
    ToursSeen: toursSeenOf(user),
    Origin: user.origin ?? null,
  };
}

export const privilegeRoute = createRoute({
  method: "get",
  path: "/user/privilege",
  operationId: "getUserPrivilege",
  tags: ["User"],
  summary: "Usuário autenticado, suas empresas e privilégios",
  description: "O usuário do token, as empresas a que tem acesso e seus privilégios.",
  responses: jsonOk(PrivilegeSchema, "Usuário autenticado"),
});

export const getUserRoute = createRoute({
  method: "get",
  path: "/user/{iduser}",
  operationId: "getUser",
  tags: ["User"],
  summary: "Um usuário com acesso à empresa do chamador",
  description:
    "Usuários sem acesso à empresa do chamador são tratados como inexistentes (400 `Usuário não existe`).",
  request: { params: z.object({ iduser: idPath("iduser") }) },
  responses: jsonOk(UserSchema, "O usuário"),
});

export const userRouter = createRouter()
  .openapi(privilegeRoute, async (c) => {
    const caller = c.get("caller");
    const db = c.get("db");
    const user = await findUserInCompany(db, caller.companyId, caller.userId);
    if (!user) throw badRequest(USER_NOT_FOUND);
    const companies = await companiesOfUser(db, user.id);
    return c.json(
      {
        ...userBody(user),
        Companies: companies.map((co) => ({ IDCompany: co.id, Name: co.name })),
        Privileges: ["*"],
      },
      200,
    );
  })
  .openapi(getUserRoute, async (c) => {
    const { iduser } = c.req.valid("param");
    const user = await findUserInCompany(c.get("db"), c.get("caller").companyId, iduser);
    if (!user) throw badRequest(USER_NOT_FOUND);
    return c.json(userBody(user), 200);
  });
