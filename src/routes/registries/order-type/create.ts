import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { orderTypeCrud, orderTypeRows } from "./schemas";

export const createOrderTypeRoute = createRoute({
  path: "/type/order/type",
  ...createConfig(orderTypeCrud),
});

export const createOrderType: AppRouteHandler<typeof createOrderTypeRoute> = async (c) =>
  c.json(await createRow(c, orderTypeRows, c.req.valid("json")), 200);
