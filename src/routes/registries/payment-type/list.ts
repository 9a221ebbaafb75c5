import { createRoute } from "@hono/zod-openapi";
import { paymentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig } from "../crud-configs";
import { paymentTypeBody, paymentTypeCrud } from "./schemas";

export const listPaymentTypesRoute = createRoute({
  path: "/type/order/payment",
  ...listConfig(paymentTypeCrud),
});

export const listPaymentTypes: AppRouteHandler<typeof listPaymentTypesRoute> = async (c) => {
  const { Page } = c.req.valid("query");
  const rows = await paymentTypeRegistry.list(c.get("db"), c.get("caller").companyId, { page: Page });
  return c.json(rows.map(paymentTypeBody), 200);
};
