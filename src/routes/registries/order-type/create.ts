import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/order-types";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { orderTypeBody, orderTypeCrud, orderTypeInput } from "./schemas";

export const createOrderTypeRoute = createRoute({
  path: "/type/order/type",
  ...createConfig(orderTypeCrud),
});

export const createOrderType: AppRouteHandler<typeof createOrderTypeRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await domain.createOrderType(c.get("db"), c.get("caller").companyId, {
    ...orderTypeInput(body),
    description: body.Description,
  });
  return c.json([orderTypeBody(row)], 200);
};
