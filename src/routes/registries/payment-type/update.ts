import { createRoute } from "@hono/zod-openapi";
import { paymentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { updateConfig } from "../crud-configs";
import { paymentTypeBody, paymentTypeCrud } from "./schemas";

export const updatePaymentTypeRoute = createRoute({
  path: "/type/order/payment/{idtypepayment}",
  ...updateConfig(paymentTypeCrud),
});

export const updatePaymentType: AppRouteHandler<typeof updatePaymentTypeRoute> = async (c) => {
  const { idtypepayment } = c.req.valid("param");
  const { Description } = c.req.valid("json");
  const row = await paymentTypeRegistry.change(c.get("db"), c.get("caller").companyId, idtypepayment, {
    description: Description,
  });
  return c.json([paymentTypeBody(row)], 200);
};
