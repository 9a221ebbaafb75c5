import { createRouter } from "../../http/router";
import { getBillOfMaterials, getBillOfMaterialsRoute } from "./bill-of-materials";
import { createProduction, createProductionRoute } from "./create";
import { finishProduction, finishProductionRoute } from "./finish";
import { getProduction, getProductionRoute } from "./get";
import { updateBillOfMaterials, updateBillOfMaterialsRoute } from "./update-bill-of-materials";

/** Production: bills of materials and production orders under /sku (mounted before `/sku/{idsku}`). */
export const productionRouter = createRouter()
  .openapi(createProductionRoute, createProduction)
  .openapi(getProductionRoute, getProduction)
  .openapi(finishProductionRoute, finishProduction)
  .openapi(getBillOfMaterialsRoute, getBillOfMaterials)
  .openapi(updateBillOfMaterialsRoute, updateBillOfMaterials);
