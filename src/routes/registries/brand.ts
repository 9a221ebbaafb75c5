import { createRoute, z } from "@hono/zod-openapi";
import type { BrandRow } from "../../db/registries/brands";
import {
  changeBrand,
  createBrand,
  deleteBrand,
  findBrandAsList,
  listBrands,
} from "../../domain/registries/brands";
import {
  BRAND_COMPANY_NOT_FOUND,
  BRAND_HAS_ACTIVE_PRODUCTS,
  BRAND_NOT_FOUND,
} from "../../domain/registries/messages";
import { createRouter } from "../../http/router";
import { flagBody, idPath, jsonOk, SuccessStringSchema, textBody } from "../../http/schemas";
import { idField, requiredText, statusField } from "./fields";

const BrandSchema = z
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

const BrandListSchema = z.array(BrandSchema).openapi("BrandList");

const optionalText = (name: string, max: number, description: string) =>
  textBody(name, max).optional().openapi({ description });

const BrandCreateSchema = z
  .object({
    Name: requiredText("Name", 150).openapi({ example: "Acme" }),
    Description: optionalText("Description", 2000, "Quando ausente ou vazia, recebe Name"),
    Keywords: optionalText("Keywords", 1000, "Quando ausente ou vazia, recebe Name"),
    Title: optionalText("Title", 255, "Quando ausente ou vazio, recebe Name"),
    IsActive: flagBody("IsActive").optional().openapi({ default: 1 }),
    MenuHome: flagBody("MenuHome").optional().openapi({ default: 0 }),
  })
  .openapi("BrandCreate", { description: "Score não é aceito na criação: começa nulo." });

const BrandUpdateSchema = z
  .object({
    Name: requiredText("Name", 150).optional(),
    Description: textBody("Description", 2000).nullable().optional(),
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

const params = z.object({ idbrand: idPath("idbrand") });
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

const listBrandsRoute = createRoute({
  method: "get",
  path: "/brand",
  operationId: "listBrands",
  tags: ["Brand"],
  summary: "Lista as marcas ativas",
  description:
    "Marcas com Status 1, ordenadas por nome, no máximo 5000. `Search` procura no IDBrand e no Name; cada espaço vira o curinga `%`, enquanto `%` e `_` digitados valem literalmente.",
  request: {
    query: z.object({
      Search: z
        .string()
        .max(200, "Search aceita no máximo 200 caracteres")
        .optional()
        .openapi({
          param: { name: "Search", in: "query" },
          description: "Texto procurado no IDBrand e no Name; espaços viram o curinga `%`",
          example: "acme shoes",
        }),
    }),
  },
  responses: jsonOk(BrandListSchema, "Marcas ativas (no máximo 5000)"),
});

const createBrandRoute = createRoute({
  method: "post",
  path: "/brand",
  operationId: "createBrand",
  tags: ["Brand"],
  summary: "Cria uma marca",
  description: `IsActive padrão 1, MenuHome padrão 0, Score nulo. 400 \`${BRAND_COMPANY_NOT_FOUND}\`.`,
  request: { body: jsonBody(BrandCreateSchema) },
  responses: jsonOk(BrandListSchema, "Array de uma marca: a criada"),
});

const getBrandRoute = createRoute({
  method: "get",
  path: "/brand/{idbrand}",
  operationId: "getBrand",
  tags: ["Brand"],
  summary: "Uma marca",
  description: "Array com a marca, ou array vazio quando ela não é da empresa ou foi excluída.",
  request: { params },
  responses: jsonOk(BrandListSchema, "Array com a marca ou vazio"),
});

const updateBrandRoute = createRoute({
  method: "put",
  path: "/brand/{idbrand}",
  operationId: "updateBrand",
  tags: ["Brand"],
  summary: "Altera uma marca",
  description: `Atualização parcial: só os campos enviados mudam. 400 \`${BRAND_NOT_FOUND}\`.`,
  request: { params, body: jsonBody(BrandUpdateSchema) },
  responses: jsonOk(BrandListSchema, "Array de uma marca: a alterada"),
});

const deleteBrandRoute = createRoute({
  method: "delete",
  path: "/brand/{idbrand}",
  operationId: "deleteBrand",
  tags: ["Brand"],
  summary: "Exclui uma marca",
  description: `Status 0. Recusada enquanto houver produto ativo (IsActive 1 e Status 1) da marca. 400 \`${BRAND_NOT_FOUND}\`, \`${BRAND_HAS_ACTIVE_PRODUCTS}\`.`,
  request: { params },
  responses: jsonOk(SuccessStringSchema, "A string `sucesso`"),
});

const brandBody = (row: BrandRow) => ({
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

export const brandRouter = createRouter()
  .openapi(listBrandsRoute, async (c) => {
    const { Search } = c.req.valid("query");
    return c.json((await listBrands(c.get("db"), c.get("caller").companyId, Search)).map(brandBody), 200);
  })
  .openapi(createBrandRoute, async (c) => {
    const body = c.req.valid("json");
    const row = await createBrand(c.get("db"), c.get("caller").companyId, {
      name: body.Name,
      description: body.Description,
      keywords: body.Keywords,
      title: body.Title,
      isActive: body.IsActive,
      menuHome: body.MenuHome,
    });
    return c.json([brandBody(row)], 200);
  })
  .openapi(getBrandRoute, async (c) => {
    const { idbrand } = c.req.valid("param");
    return c.json(
      (await findBrandAsList(c.get("db"), c.get("caller").companyId, idbrand)).map(brandBody),
      200,
    );
  })
  .openapi(updateBrandRoute, async (c) => {
    const { idbrand } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await changeBrand(c.get("db"), c.get("caller").companyId, idbrand, {
      name: body.Name,
      description: body.Description,
      keywords: body.Keywords,
      title: body.Title,
      isActive: body.IsActive,
      menuHome: body.MenuHome,
      score: body.Score,
    });
    return c.json([brandBody(row)], 200);
  })
  .openapi(deleteBrandRoute, async (c) => {
    const { idbrand } = c.req.valid("param");
    await deleteBrand(c.get("db"), c.get("caller").companyId, idbrand);
    return c.json("sucesso" as const, 200);
  });
