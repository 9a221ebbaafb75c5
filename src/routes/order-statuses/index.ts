import { createRouter } from "../../http/router";
import { getOrderStatus, getOrderStatusRoute } from "./get";
import { listOrderStatuses, listOrderStatusesRoute } from "./list";

/** `/type/order/status`: the order status registry (read only: seeded with the transition table). */
export const orderStatusesRouter = createRouter()
  .openapi(listOrderStatusesRoute, listOrderStatuses)
  .openapi(getOrderStatusRoute, getOrderStatus);
