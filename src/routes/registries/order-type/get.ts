import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { orderTypeCrud, orderTypeRows } from "./schemas";

export const getOrderTypeRoute = createRoute({
  path: "/type/order/type/{idtypeorder}",
  ...getConfig(orderTypeCrud),
});

export const getOrderType: AppRouteHandler<typeof getOrderTypeRoute> = async (c) =>
  c.json(await getRows(c, orderTypeRows, c.req.valid("param").idtypeorder), 200);
