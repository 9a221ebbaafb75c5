import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { getConfig, getRows } from "../crud-configs";
import { paymentTypeCrud, paymentTypeRows } from "./schemas";

export const getPaymentTypeRoute = createRoute({
  path: "/type/order/payment/{idtypepayment}",
  ...getConfig(paymentTypeCrud),
});

export const getPaymentType: AppRouteHandler<typeof getPaymentTypeRoute> = async (c) =>
  c.json(await getRows(c, paymentTypeRows, c.req.valid("param").idtypepayment), 200);
