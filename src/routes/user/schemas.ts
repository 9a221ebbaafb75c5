import { z } from "@hono/zod-openapi";
import type { UserRow } from "../../db/identity";
import { toursSeenOf } from "../../domain/identity/sign-in";

export const CompanyRefSchema = z
  .object({ IDCompany: z.number().int(), Name: z.string() })
  .openapi("CompanyRef");

export const ToursSeenSchema = z
  .array(z.string())
  .nullable()
  .openapi({ description: "Tours de interface já vistos pelo usuário; null quando nunca informado" });

export const UserSchema = z
  .object({
    IDUser: z.number().int(),
    Name: z.string(),
    Email: z.string(),
    IDCompany: z.number().int().openapi({ description: "Empresa padrão do usuário" }),
    Status: z.number().int(),
    ToursSeen: ToursSeenSchema,
    Origin: z.string().nullable(),
  })
  .openapi("User");

export const UserPrivilegeSchema = UserSchema.extend({
  Companies: z.array(CompanyRefSchema).openapi({ description: "Empresas às quais o usuário tem acesso" }),
  Privileges: z.array(z.string()).openapi({
    description: "Privilégios do usuário; `*` = acesso total (modelo de permissões ainda único)",
  }),
}).openapi("UserPrivilege");

export function userBody(user: UserRow) {
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

export const companyRefBody = (company: { id: number; name: string }) => ({
  IDCompany: company.id,
  Name: company.name,
});
