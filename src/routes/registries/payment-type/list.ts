import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { paymentTypeCrud, paymentTypeRows } from "./schemas";

export const listPaymentTypesRoute = createRoute({
  path: "/type/order/payment",
  ...listConfig(paymentTypeCrud),
});

export const listPaymentTypes: AppRouteHandler<typeof listPaymentTypesRoute> = async (c) =>
  c.json(await listRows(c, paymentTypeRows, c.req.valid("query")), 200);
