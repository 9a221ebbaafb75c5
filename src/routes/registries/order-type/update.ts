import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { orderTypeCrud, orderTypeRows } from "./schemas";

export const updateOrderTypeRoute = createRoute({
  path: "/type/order/type/{idtypeorder}",
  ...updateConfig(orderTypeCrud),
});

export const updateOrderType: AppRouteHandler<typeof updateOrderTypeRoute> = async (c) =>
  c.json(await changeRow(c, orderTypeRows, c.req.valid("param").idtypeorder, c.req.valid("json")), 200);
