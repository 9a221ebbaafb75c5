import { z } from "@hono/zod-openapi";
import type { BrandRow } from "../../../db/registries/brands";
import { flagBody, idField, idPath, requiredText, statusField, textBody } from "../../../http/schemas";

export const BrandSchema = z
  .object({
    IDBrand: idField("Id da marca"),
    Name: z.string().openapi({ example: "Acme" }),
    Description: z.string().nullable(),
    Keywords: z.string().nullable(),
    Title: z.string().nullable(),
    IsActive: z.number().int().openapi({ description: "1 ativa, 0 inativa", example: 1 }),
    MenuHome: z.number().int().openapi({ description: "1 exibida no menu da home", example: 0 }),
    Score: z.number().nullable().openapi({ description: "Nulo até ser definido num PUT", example: null }),
    Status: statusField,
  })
  .openapi("Brand");

export const BrandListSchema = z.array(BrandSchema).openapi("BrandList");

export const optionalText = (name: string, max: number, description: string, multiline = false) =>
  textBody(name, max, { multiline }).optional().openapi({ description });

export const BrandCreateSchema = z
  .object({
    Name: requiredText("Name", 150).openapi({ example: "Acme" }),
    Description: optionalText("Description", 2000, "Quando ausente ou vazia, recebe Name", true),
    Keywords: optionalText("Keywords", 1000, "Quando ausente ou vazia, recebe Name"),
    Title: optionalText("Title", 255, "Quando ausente ou vazio, recebe Name"),
    IsActive: flagBody("IsActive").optional().openapi({ default: 1 }),
    MenuHome: flagBody("MenuHome").optional().openapi({ default: 0 }),
  })
  .openapi("BrandCreate", { description: "Score não é aceito na criação: começa nulo." });

export const BrandUpdateSchema = z
  .object({
    Name: requiredText("Name", 150).optional(),
    Description: textBody("Description", 2000, { multiline: true }).nullable().optional(),
    Keywords: textBody("Keywords", 1000).nullable().optional(),
    Title: textBody("Title", 255).nullable().optional(),
    IsActive: flagBody("IsActive").optional(),
    MenuHome: flagBody("MenuHome").optional(),
    Score: z
      .number({ error: "Score deve ser um número" })
      .refine(Number.isFinite, "Score deve ser um número")
      .nullable()
      .optional(),
  })
  .openapi("BrandUpdate");

export const brandParams = z.object({ idbrand: idPath("idbrand") });

export const brandBody = (row: BrandRow) => ({
  IDBrand: row.id,
  Name: row.name,
  Description: row.description,
  Keywords: row.keywords,
  Title: row.title,
  IsActive: row.isActive,
  MenuHome: row.menuHome,
  Score: row.score,
  Status: row.status,
});

/** The body under its domain names; `undefined` stays "not sent". */
export const brandInput = (body: z.infer<typeof BrandUpdateSchema>) => ({
  name: body.Name,
  description: body.Description,
  keywords: body.Keywords,
  title: body.Title,
  isActive: body.IsActive,
  menuHome: body.MenuHome,
  score: body.Score,
});
