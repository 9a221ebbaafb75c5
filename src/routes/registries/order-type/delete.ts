import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/order-types";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { orderTypeCrud } from "./schemas";

export const deleteOrderTypeRoute = createRoute({
  path: "/type/order/type/{idtypeorder}",
  ...deleteConfig(orderTypeCrud),
});

export const deleteOrderType: AppRouteHandler<typeof deleteOrderTypeRoute> = async (c) => {
  const { idtypeorder } = c.req.valid("param");
  await domain.deleteOrderType(c.get("db"), c.get("caller").companyId, idtypeorder);
  return c.json("sucesso" as const, 200);
};
