import { createRouter } from "../../http/router";
import { importSkuTemplate, importSkuTemplateRoute } from "./import-template";
import { recalculateSkuCost, recalculateSkuCostRoute } from "./recalculate-cost";

/** `/sku`: the SKU spreadsheet import and the cost recalculation job. */
export const skuRouter = createRouter()
  .openapi(importSkuTemplateRoute, importSkuTemplate)
  .openapi(recalculateSkuCostRoute, recalculateSkuCost);
