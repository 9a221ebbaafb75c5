import { createRouter } from "../../../http/router";
import { createBrand, createBrandRoute } from "./create";
import { deleteBrand, deleteBrandRoute } from "./delete";
import { getBrand, getBrandRoute } from "./get";
import { listBrands, listBrandsRoute } from "./list";
import { updateBrand, updateBrandRoute } from "./update";

export const brandRouter = createRouter()
  .openapi(listBrandsRoute, listBrands)
  .openapi(createBrandRoute, createBrand)
  .openapi(getBrandRoute, getBrand)
  .openapi(updateBrandRoute, updateBrand)
  .openapi(deleteBrandRoute, deleteBrand);
