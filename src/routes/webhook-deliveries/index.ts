import { createRouter } from "../../http/router";
import { getWebhookDelivery, getWebhookDeliveryRoute } from "./get";
import { listWebhookDeliveries, listWebhookDeliveriesRoute } from "./list";
import { redeliverWebhookDelivery, redeliverWebhookDeliveryRoute } from "./redeliver";

export const webhookDeliveriesRouter = createRouter()
  .openapi(listWebhookDeliveriesRoute, listWebhookDeliveries)
  .openapi(getWebhookDeliveryRoute, getWebhookDelivery)
  .openapi(redeliverWebhookDeliveryRoute, redeliverWebhookDelivery);
