import { createRoute } from "@hono/zod-openapi";
import { paymentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig } from "../crud-configs";
import { paymentTypeBody, paymentTypeCrud } from "./schemas";

export const createPaymentTypeRoute = createRoute({
  path: "/type/order/payment",
  ...createConfig(paymentTypeCrud),
});

export const createPaymentType: AppRouteHandler<typeof createPaymentTypeRoute> = async (c) => {
  const { Description } = c.req.valid("json");
  const row = await paymentTypeRegistry.create(c.get("db"), c.get("caller").companyId, {
    description: Description,
  });
  return c.json([paymentTypeBody(row)], 200);
};
