import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { orderTypeCrud, orderTypeRows } from "./schemas";

export const deleteOrderTypeRoute = createRoute({
  path: "/type/order/type/{idtypeorder}",
  ...deleteConfig(orderTypeCrud),
});

export const deleteOrderType: AppRouteHandler<typeof deleteOrderTypeRoute> = async (c) =>
  c.json(await removeRow(c, orderTypeRows, c.req.valid("param").idtypeorder), 200);
