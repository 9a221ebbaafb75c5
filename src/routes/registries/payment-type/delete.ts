import { createRoute } from "@hono/zod-openapi";
import { paymentTypeRegistry } from "../../../domain/registries/simple-registries";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig } from "../crud-configs";
import { paymentTypeCrud } from "./schemas";

export const deletePaymentTypeRoute = createRoute({
  path: "/type/order/payment/{idtypepayment}",
  ...deleteConfig(paymentTypeCrud),
});

export const deletePaymentType: AppRouteHandler<typeof deletePaymentTypeRoute> = async (c) => {
  const { idtypepayment } = c.req.valid("param");
  await paymentTypeRegistry.remove(c.get("db"), c.get("caller").companyId, idtypepayment);
  return c.json("sucesso" as const, 200);
};
