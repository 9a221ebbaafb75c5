import { createRouter } from "../../../http/router";
import { createCostCenter, createCostCenterRoute } from "./create";
import { deleteCostCenter, deleteCostCenterRoute } from "./delete";
import { getCostCenter, getCostCenterRoute } from "./get";
import { listCostCenters, listCostCentersRoute } from "./list";
import { updateCostCenter, updateCostCenterRoute } from "./update";

export const costCenterRouter = createRouter()
  .openapi(listCostCentersRoute, listCostCenters)
  .openapi(getCostCenterRoute, getCostCenter)
  .openapi(createCostCenterRoute, createCostCenter)
  .openapi(updateCostCenterRoute, updateCostCenter)
  .openapi(deleteCostCenterRoute, deleteCostCenter);
