import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { deleteConfig, removeRow } from "../crud-configs";
import { paymentTypeCrud, paymentTypeRows } from "./schemas";

export const deletePaymentTypeRoute = createRoute({
  path: "/type/order/payment/{idtypepayment}",
  ...deleteConfig(paymentTypeCrud),
});

export const deletePaymentType: AppRouteHandler<typeof deletePaymentTypeRoute> = async (c) =>
  c.json(await removeRow(c, paymentTypeRows, c.req.valid("param").idtypepayment), 200);
