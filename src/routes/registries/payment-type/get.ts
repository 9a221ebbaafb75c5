import { createRoute } from "@hono/zod-openapi";
import { paymentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig } from "../crud-configs";
import { paymentTypeBody, paymentTypeCrud } from "./schemas";

export const getPaymentTypeRoute = createRoute({
  path: "/type/order/payment/{idtypepayment}",
  ...getConfig(paymentTypeCrud),
});

export const getPaymentType: AppRouteHandler<typeof getPaymentTypeRoute> = async (c) => {
  const { idtypepayment } = c.req.valid("param");
  const rows = await paymentTypeRegistry.findAsList(c.get("db"), c.get("caller").companyId, idtypepayment);
  return c.json(rows.map(paymentTypeBody), 200);
};
