import { createRoute, z } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../../http/router";
import { listConfig, listRows } from "../crud-configs";
import { PaymentTypeSchema, paymentTypeCrud, paymentTypeRows } from "./schemas";

/** What a return is refunded with when the original payment is kept: the first choice of the list. */
const ORIGINAL_PAYMENT = {
  IDTypePayment: "ORIGINAL" as const,
  Description: "Forma de pagamento original",
  Status: 1,
};

const config = listConfig(paymentTypeCrud);

const PaymentTypeListItemSchema = z
  .object({
    ...PaymentTypeSchema.shape,
    IDTypePayment: z.union([z.number().int(), z.literal("ORIGINAL")]).openapi({
      description: "Id do tipo de pagamento, ou `ORIGINAL` no item sintético de devolução",
      example: 1,
    }),
  })
  .openapi("PaymentTypeListItem");

export const listPaymentTypesRoute = createRoute({
  path: "/type/order/payment",
  ...config,
  description: `${config.description} Com \`OrderReturn=1\` (devolução de pedido) a lista começa por um item sintético cujo \`IDTypePayment\` é o texto \`ORIGINAL\`: restituir na forma de pagamento original.`,
  request: {
    query: paymentTypeCrud.listQuery.extend({
      OrderReturn: z
        .enum(["0", "1"], { error: "OrderReturn deve ser 0 ou 1" })
        .optional()
        .openapi({
          param: { name: "OrderReturn", in: "query" },
          description: "1: lista para devolução de pedido",
        }),
    }),
  },
  responses: {
    ...config.responses,
    200: {
      description: "Tipos de pagamento (com `OrderReturn=1`, precedidos do item `ORIGINAL`)",
      content: {
        "application/json": {
          schema: z.array(PaymentTypeListItemSchema),
        },
      },
    },
  },
});

export const listPaymentTypes: AppRouteHandler<typeof listPaymentTypesRoute> = async (c) => {
  const { OrderReturn, ...query } = c.req.valid("query");
  const rows = await listRows(c, paymentTypeRows, query);
  return c.json(OrderReturn === "1" && query.Page === 0 ? [ORIGINAL_PAYMENT, ...rows] : rows, 200);
};
