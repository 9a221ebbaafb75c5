import { createRoute } from "@hono/zod-openapi";
import { changeOrderType } from "../../../domain/registries/order-types";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { orderTypeBody, orderTypeCrud, orderTypeInput } from "./schemas";

export const updateOrderTypeRoute = createRoute({
  path: "/type/order/type/{idtypeorder}",
  ...updateConfig(orderTypeCrud),
});

export const updateOrderType: AppRouteHandler<typeof updateOrderTypeRoute> = async (c) => {
  const { idtypeorder } = c.req.valid("param");
  const body = c.req.valid("json");
  const row = await changeOrderType(
    c.get("db"),
    c.get("caller").companyId,
    idtypeorder,
    orderTypeInput(body),
  );
  return c.json([orderTypeBody(row)], 200);
};
