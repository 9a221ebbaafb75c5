import { findCompany } from "../../db/identity";
import {
  type BrandRow,
  brandHasActiveProducts,
  brandRows,
  searchBrands,
  softDeleteUnusedBrand,
} from "../../db/registries/brands";
import type { Db } from "../../env";
import { badRequest } from "../../lib/errors";
import { BRAND_COMPANY_NOT_FOUND, BRAND_HAS_ACTIVE_PRODUCTS, BRAND_NOT_FOUND } from "./messages";

export type NewBrand = {
  name: string;
  description?: string;
  keywords?: string;
  title?: string;
  isActive?: number;
  menuHome?: number;
};

export type BrandChanges = {
  name?: string;
  description?: string | null;
  keywords?: string | null;
  title?: string | null;
  isActive?: number;
  menuHome?: number;
  score?: number | null;
};

/** Active brands (Status 1), at most 5000; `search` matches the id or the name (SPEC: GET /brand). */
export function listBrands(db: Db, companyId: number, search?: string): Promise<BrandRow[]> {
  return searchBrands(db, companyId, search);
}

export async function findBrandAsList(db: Db, companyId: number, id: number): Promise<BrandRow[]> {
  const row = await brandRows.find(db, companyId, id);
  return row ? [row] : [];
}

/** Description, Keywords and Title take the name when missing or empty; Score starts null. */
export async function createBrand(db: Db, companyId: number, brand: NewBrand): Promise<BrandRow> {
  if (!(await findCompany(db, companyId))) throw badRequest(BRAND_COMPANY_NOT_FOUND);
  const orName = (value?: string) => (value ? value : brand.name);
  return brandRows.insert(db, companyId, {
    name: brand.name,
    description: orName(brand.description),
    keywords: orName(brand.keywords),
    title: orName(brand.title),
    isActive: brand.isActive ?? 1,
    menuHome: brand.menuHome ?? 0,
    score: null,
  });
}

/** Partial update: only the fields sent change. */
export async function changeBrand(db: Db, companyId: number, id: number, changes: BrandChanges) {
  const row = await brandRows.update(db, companyId, id, changes);
  if (!row) throw badRequest(BRAND_NOT_FOUND);
  return row;
}

/** Status 0, refused while an active product uses the brand. */
export async function deleteBrand(db: Db, companyId: number, id: number): Promise<void> {
  if (await softDeleteUnusedBrand(db, companyId, id)) return;
  if (!(await brandRows.find(db, companyId, id))) throw badRequest(BRAND_NOT_FOUND);
  if (await brandHasActiveProducts(db, companyId, id)) throw badRequest(BRAND_HAS_ACTIVE_PRODUCTS);
  // The product that blocked the delete was deactivated in between: the brand is free now.
  if (!(await softDeleteUnusedBrand(db, companyId, id))) throw badRequest(BRAND_HAS_ACTIVE_PRODUCTS);
}
