import { createRouter } from "../../http/router";
import { createWarehouse, createWarehouseRoute } from "./create";
import { deleteWarehouse, deleteWarehouseRoute } from "./delete";
import { getWarehouse, getWarehouseRoute } from "./get";
import { listWarehouses, listWarehousesRoute } from "./list";
import { updateWarehouse, updateWarehouseRoute } from "./update";

export const warehouseRouter = createRouter()
  .openapi(listWarehousesRoute, listWarehouses)
  .openapi(getWarehouseRoute, getWarehouse)
  .openapi(createWarehouseRoute, createWarehouse)
  .openapi(updateWarehouseRoute, updateWarehouse)
  .openapi(deleteWarehouseRoute, deleteWarehouse);
