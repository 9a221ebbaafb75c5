import { createRouter } from "../../../http/router";
import { createOrderType, createOrderTypeRoute } from "./create";
import { deleteOrderType, deleteOrderTypeRoute } from "./delete";
import { getOrderType, getOrderTypeRoute } from "./get";
import { listOrderTypes, listOrderTypesRoute } from "./list";
import { updateOrderType, updateOrderTypeRoute } from "./update";

export const orderTypeRouter = createRouter()
  .openapi(listOrderTypesRoute, listOrderTypes)
  .openapi(getOrderTypeRoute, getOrderType)
  .openapi(createOrderTypeRoute, createOrderType)
  .openapi(updateOrderTypeRoute, updateOrderType)
  .openapi(deleteOrderTypeRoute, deleteOrderType);
