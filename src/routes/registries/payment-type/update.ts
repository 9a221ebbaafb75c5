import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { changeRow, updateConfig } from "../crud-configs";
import { paymentTypeCrud, paymentTypeRows } from "./schemas";

export const updatePaymentTypeRoute = createRoute({
  path: "/type/order/payment/{idtypepayment}",
  ...updateConfig(paymentTypeCrud),
});

export const updatePaymentType: AppRouteHandler<typeof updatePaymentTypeRoute> = async (c) =>
  c.json(await changeRow(c, paymentTypeRows, c.req.valid("param").idtypepayment, c.req.valid("json")), 200);
