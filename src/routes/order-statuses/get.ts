import { createRoute, z } from "@hono/zod-openapi";
import { listOrderStatuses } from "../../domain/orders/statuses";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { ORDER_STATUS_TAG, OrderStatusSchema, statusBody, statusParams } from "./schemas";

export const getOrderStatusRoute = createRoute({
  method: "get",
  path: "/type/order/status/{idstatusorder}",
  operationId: "getOrderStatus",
  tags: [ORDER_STATUS_TAG],
  summary: "Um status de pedido",
  description: "Array com o status, ou `[]` quando o código não existe.",
  request: { params: statusParams },
  responses: jsonOk(z.array(OrderStatusSchema), "Array com o status"),
});

export const getOrderStatus: AppRouteHandler<typeof getOrderStatusRoute> = async (c) =>
  c.json((await listOrderStatuses(c.get("db"), c.req.valid("param").idstatusorder)).map(statusBody), 200);
