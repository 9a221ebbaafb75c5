import { createRoute } from "@hono/zod-openapi";
import * as domain from "../../../domain/registries/order-types";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { orderTypeBody, orderTypeCrud } from "./schemas";

export const listOrderTypesRoute = createRoute({
  path: "/type/order/type",
  ...listConfig(orderTypeCrud),
});

export const listOrderTypes: AppRouteHandler<typeof listOrderTypesRoute> = async (c) => {
  const { Page, IsTransfer } = c.req.valid("query");
  const rows = await domain.listOrderTypes(c.get("db"), c.get("caller").companyId, {
    page: Page,
    isTransfer: IsTransfer,
  });
  return c.json(rows.map(orderTypeBody), 200);
};
