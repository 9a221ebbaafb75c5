import { z } from "@hono/zod-openapi";

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
