import { activeBrandExists, brandRows } from "../../db/registries/brands";
import { type ProductRow, productCodeTaken, productRows } from "../../db/registries/products";
import { insertWhere } from "../../db/registries/scoped-rows";
import type { Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { getCompany } from "../company/company";
import { PRODUCT_BRAND_NOT_FOUND, PRODUCT_CODE_DUPLICATE, PRODUCT_NOT_FOUND } from "./messages";
import { registry } from "./registry";

export type ProductInput = {
  code?: string | null;
  name?: string;
  brandId?: number | null;
  cost?: Cents;
  price?: Cents;
  isActive?: number;
};

const productsRegistry = registry(productRows, PRODUCT_NOT_FOUND);
export const { list: listProducts, findAsList: findProductAsList, remove: deleteProduct } = productsRegistry;

async function refuseTakenCode(db: Db, companyId: number, code: string | null | undefined, ownId?: number) {
  if (code && (await productCodeTaken(db, companyId, code, ownId))) throw badRequest(PRODUCT_CODE_DUPLICATE);
}

async function requireActiveBrand(db: Db, companyId: number, brandId: number) {
  if (!(await brandRows.find(db, companyId, brandId))) throw badRequest(PRODUCT_BRAND_NOT_FOUND);
}

export async function createProduct(
  db: Db,
  companyId: number,
  input: ProductInput & { name: string },
): Promise<ProductRow> {
  await getCompany(db, companyId);
  const values = {
    code: input.code || null,
    name: input.name,
    brandId: input.brandId ?? null,
    cost: input.cost ?? 0,
    price: input.price ?? 0,
    isActive: input.isActive ?? 1,
  };
  await refuseTakenCode(db, companyId, values.code);
  const { brandId } = values;
  if (brandId === null) {
    return refuseOnConflict(() => productRows.insert(db, companyId, values), PRODUCT_CODE_DUPLICATE);
  }
  await requireActiveBrand(db, companyId, brandId);
  // Written only while the brand is active, so a brand deleted meanwhile never gets an active product.
  const row = await refuseOnConflict(
    () =>
      insertWhere(db, productRows.table, { ...values, companyId }, activeBrandExists(db, companyId, brandId)),
    PRODUCT_CODE_DUPLICATE,
  );
  if (!row) throw badRequest(PRODUCT_BRAND_NOT_FOUND);
  return row;
}

/**
 * Partial update. The brand must be active when it changes, and when an inactive product with a
 * brand is reactivated (a brand with active products cannot be deleted).
 */
export async function changeProduct(
  db: Db,
  companyId: number,
  id: number,
  input: ProductInput,
): Promise<ProductRow> {
  const current = await productsRegistry.get(db, companyId, id);
  const brandId = input.brandId === undefined ? current.brandId : input.brandId;
  const isActive = input.isActive ?? current.isActive;
  const code = input.code === undefined ? undefined : input.code || null;
  await refuseTakenCode(db, companyId, code, id);
  const checkBrand =
    brandId !== null && (brandId !== current.brandId || (isActive === 1 && current.isActive !== 1));
  if (checkBrand) await requireActiveBrand(db, companyId, brandId);
  const row = await refuseOnConflict(
    () =>
      productRows.update(
        db,
        companyId,
        id,
        { code, name: input.name, brandId, cost: input.cost, price: input.price, isActive },
        checkBrand ? activeBrandExists(db, companyId, brandId) : undefined,
      ),
    PRODUCT_CODE_DUPLICATE,
  );
  if (row) return row;
  if (!(await productRows.find(db, companyId, id))) throw badRequest(PRODUCT_NOT_FOUND);
  throw badRequest(PRODUCT_BRAND_NOT_FOUND);
}
