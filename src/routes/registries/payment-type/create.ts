import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { createConfig, createRow } from "../crud-configs";
import { paymentTypeCrud, paymentTypeRows } from "./schemas";

export const createPaymentTypeRoute = createRoute({
  path: "/type/order/payment",
  ...createConfig(paymentTypeCrud),
});

export const createPaymentType: AppRouteHandler<typeof createPaymentTypeRoute> = async (c) =>
  c.json(await createRow(c, paymentTypeRows, c.req.valid("json")), 200);
