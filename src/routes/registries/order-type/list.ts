import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { orderTypeCrud, orderTypeRows } from "./schemas";

export const listOrderTypesRoute = createRoute({
  path: "/type/order/type",
  ...listConfig(orderTypeCrud),
});

export const listOrderTypes: AppRouteHandler<typeof listOrderTypesRoute> = async (c) =>
  c.json(await listRows(c, orderTypeRows, c.req.valid("query")), 200);
