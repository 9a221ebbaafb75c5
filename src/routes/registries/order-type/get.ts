import { createRoute } from "@hono/zod-openapi";
import { findOrderTypeAsList } from "../../../domain/registries/order-types";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { orderTypeBody, orderTypeCrud } from "./schemas";

export const getOrderTypeRoute = createRoute({
  path: "/type/order/type/{idtypeorder}",
  ...getConfig(orderTypeCrud),
});

export const getOrderType: AppRouteHandler<typeof getOrderTypeRoute> = async (c) => {
  const { idtypeorder } = c.req.valid("param");
  const rows = await findOrderTypeAsList(c.get("db"), c.get("caller").companyId, idtypeorder);
  return c.json(rows.map(orderTypeBody), 200);
};
