import { createRoute, z } from "@hono/zod-openapi";
import { listRates } from "../../../domain/payment-terms/rates";
import { PAYMENT_TYPE_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonOk } from "../../../http/schemas";
import { PaymentRateSchema, rateBody } from "./rate-schemas";
import { paymentTypeCrud } from "./schemas";

export const listPaymentTypeRatesRoute = createRoute({
  method: "get",
  path: "/type/order/payment/{idtypepayment}/rate",
  operationId: "listPaymentTypeRates",
  tags: ["Type"],
  summary: "Taxas do tipo de pagamento",
  description: `Uma taxa por número de parcelas: prazos (dias corridos, \`AdditionalBusinessDays\` em dias úteis com a posição \`AdditionalBusinessDaysPosition\`), taxa da adquirente, códigos da NF-e (\`NfTPag\`, \`NfTBand\`) e \`RefundMethod\`. Os vencimentos das parcelas de pedidos e compras seguem essas taxas. 400 \`${PAYMENT_TYPE_NOT_FOUND}\` para um id de outra empresa ou excluído.`,
  request: { params: paymentTypeCrud.params },
  responses: jsonOk(z.array(PaymentRateSchema), "Taxas por número de parcelas (vazia quando não há taxa)"),
});

export const listPaymentTypeRates: AppRouteHandler<typeof listPaymentTypeRatesRoute> = async (c) => {
  const rates = await listRates(c.get("db"), c.get("caller").companyId, c.req.valid("param").idtypepayment);
  return c.json(rates.map(rateBody), 200);
};
