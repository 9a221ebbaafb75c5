import { z } from "@hono/zod-openapi";
import type { ProductRow } from "../../../db/registries/products";
import {
  PRODUCT_BRAND_NOT_FOUND,
  PRODUCT_CODE_DUPLICATE,
  PRODUCT_NOT_FOUND,
} from "../../../domain/registries/messages";
import {
  changeProduct,
  createProduct,
  deleteProduct,
  findProductAsList,
  listProducts,
} from "../../../domain/registries/products";
import type { Db } from "../../../env";
import {
  flagBody,
  idField,
  idPath,
  moneyBody,
  pageQuery,
  requiredText,
  statusField,
  textBody,
} from "../../../http/schemas";
import { fromCents } from "../../../lib/money";
import type { CrudSpec } from "../crud-configs";
import { nullableIdBody } from "../fields";

export const ProductSchema = z
  .object({
    IDProduct: idField("Id do produto (SKU)"),
    Code: z
      .string()
      .nullable()
      .openapi({ description: "Código do SKU, único na empresa", example: "CAM-001-P" }),
    Name: z.string().openapi({ example: "Camiseta básica P" }),
    IDBrand: z.number().int().nullable().openapi({ description: "Marca", example: 1 }),
    Cost: z.number().openapi({ description: "Custo (R$)", example: 12.5 }),
    Price: z.number().openapi({ description: "Preço (R$)", example: 39.9 }),
    IsActive: z.number().int().openapi({ description: "1 ativo, 0 inativo", example: 1 }),
    Status: statusField,
  })
  .openapi("Product");

export const ProductCreateSchema = z
  .object({
    Code: textBody("Code", 60)
      .trim()
      .nullable()
      .optional()
      .openapi({ description: "Código do SKU, único na empresa (vazio = sem código)", example: "CAM-001-P" }),
    Name: requiredText("Name", 200).openapi({ example: "Camiseta básica P" }),
    IDBrand: nullableIdBody("IDBrand", "Marca ativa da empresa"),
    Cost: moneyBody("Cost").optional().openapi({ default: 0 }),
    Price: moneyBody("Price").optional().openapi({ default: 0 }),
    IsActive: flagBody("IsActive").optional().openapi({ default: 1 }),
  })
  .openapi("ProductCreate");

export const ProductUpdateSchema = ProductCreateSchema.partial().openapi("ProductUpdate");

export const productCrud = {
  params: z.object({ idproduct: idPath("idproduct") }),
  listQuery: z.object({ Page: pageQuery }),
  item: ProductSchema,
  createBody: ProductCreateSchema,
  updateBody: ProductUpdateSchema,
  tag: "SKU",
  noun: { one: "produto", many: "produtos" },
  notFound: PRODUCT_NOT_FOUND,
  operationIds: {
    list: "listProducts",
    get: "getProduct",
    create: "createProduct",
    update: "updateProduct",
    remove: "deleteProduct",
  },
  notes: {
    create: `400 \`${PRODUCT_CODE_DUPLICATE}\` (códigos de produtos excluídos continuam reservados), \`${PRODUCT_BRAND_NOT_FOUND}\`.`,
    update: `400 \`${PRODUCT_CODE_DUPLICATE}\`, \`${PRODUCT_BRAND_NOT_FOUND}\` (a marca é conferida quando muda ou quando o produto é reativado).`,
  },
} satisfies CrudSpec;

export const productBody = (row: ProductRow) => ({
  IDProduct: row.id,
  Code: row.code,
  Name: row.name,
  IDBrand: row.brandId,
  Cost: fromCents(row.cost),
  Price: fromCents(row.price),
  IsActive: row.isActive,
  Status: row.status,
});

export const productInput = (body: z.infer<typeof ProductUpdateSchema>) => ({
  code: body.Code,
  name: body.Name,
  brandId: body.IDBrand,
  cost: body.Cost,
  price: body.Price,
  isActive: body.IsActive,
});

/** The registry's domain operations, taking the validated query and bodies of its routes. */
export const productRows = {
  list: (db: Db, companyId: number, query: { Page: number }) =>
    listProducts(db, companyId, { page: query.Page }),
  findAsList: findProductAsList,
  create: (db: Db, companyId: number, body: z.infer<typeof ProductCreateSchema>) =>
    createProduct(db, companyId, { ...productInput(body), name: body.Name }),
  change: (db: Db, companyId: number, id: number, body: z.infer<typeof ProductUpdateSchema>) =>
    changeProduct(db, companyId, id, productInput(body)),
  remove: deleteProduct,
  toBody: productBody,
};
