import { createRoute, z } from "@hono/zod-openapi";
import { REPEATED_RATE_INSTALLMENTS } from "../../../domain/payment-terms/messages";
import { setRates } from "../../../domain/payment-terms/rates";
import { PAYMENT_TYPE_NOT_FOUND } from "../../../domain/registries/messages";
import type { AppRouteHandler } from "../../../http/router";
import { jsonBody, jsonOk } from "../../../http/schemas";
import { PaymentRateBodySchema, PaymentRateSchema, rateBody, rateFieldsOf } from "./rate-schemas";
import { paymentTypeCrud } from "./schemas";

export const replacePaymentTypeRatesRoute = createRoute({
  method: "put",
  path: "/type/order/payment/{idtypepayment}/rate",
  operationId: "replacePaymentTypeRates",
  tags: ["Type"],
  summary: "Define as taxas do tipo de pagamento",
  description: `Substitui todas as taxas do tipo de pagamento pelas enviadas (uma por número de parcelas; lista vazia remove todas), numa única gravação. 400 \`${REPEATED_RATE_INSTALLMENTS}\` quando duas taxas têm o mesmo \`Installments\`; 400 \`${PAYMENT_TYPE_NOT_FOUND}\` para um id de outra empresa ou excluído. Títulos já gerados não mudam.`,
  request: {
    params: paymentTypeCrud.params,
    body: jsonBody(z.array(PaymentRateBodySchema).max(60, "No máximo 60 taxas por tipo de pagamento")),
  },
  responses: jsonOk(z.array(PaymentRateSchema), "As taxas gravadas"),
});

export const replacePaymentTypeRates: AppRouteHandler<typeof replacePaymentTypeRatesRoute> = async (c) => {
  const rates = await setRates(
    c.get("db"),
    c.get("caller").companyId,
    c.req.valid("param").idtypepayment,
    c.req.valid("json").map(rateFieldsOf),
  );
  return c.json(rates.map(rateBody), 200);
};
