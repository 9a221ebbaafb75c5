import { createRouter } from "../../http/router";
import { addOrderSku, addOrderSkuRoute } from "./add-item";
import { createOrder, createOrderRoute } from "./create";
import { getOrder, getOrderRoute } from "./get";
import { importOrdersTemplate, importOrdersTemplateRoute } from "./import-template";
import { listOrders, listOrdersRoute } from "./list";
import { listOrderPackages, listOrderPackagesRoute } from "./packages";
import { orderStatusDashboard, orderStatusDashboardRoute } from "./status-dashboard";
import { updateOrder, updateOrderRoute } from "./update";
import { updateOrderSku, updateOrderSkuRoute } from "./update-item";
import { updateOrderPayment, updateOrderPaymentRoute } from "./update-payment";

/** `/orders`: orders, their items and the orders spreadsheet upload (static paths before `{idorder}`). */
export const ordersRouter = createRouter()
  .openapi(listOrdersRoute, listOrders)
  .openapi(createOrderRoute, createOrder)
  .openapi(importOrdersTemplateRoute, importOrdersTemplate)
  .openapi(listOrderPackagesRoute, listOrderPackages)
  .openapi(orderStatusDashboardRoute, orderStatusDashboard)
  .openapi(getOrderRoute, getOrder)
  .openapi(updateOrderRoute, updateOrder)
  .openapi(addOrderSkuRoute, addOrderSku)
  .openapi(updateOrderSkuRoute, updateOrderSku)
  .openapi(updateOrderPaymentRoute, updateOrderPayment);
