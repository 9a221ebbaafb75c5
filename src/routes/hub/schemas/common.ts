import { z } from "@hono/zod-openapi";
import { idField } from "../../../http/schemas";

export const HUB_TAG = "Hub" as const;

/** The sales channel as the hub's answers name it: a channel kind, an integration, an order. */
export const salesChannelFields = {
  IDSalesChannel: idField("Canal de venda"),
  SalesChannel: z
    .string()
    .openapi({ example: "Sandbox Marketplace" })
    .openapi({ description: "Nome do canal de venda" }),
  SalesChannelLogoUrl: z
    .string()
    .openapi({ description: "Logo do canal (URL; data URL nos canais sandbox)" }),
};

/** How a claimed product travels back, as the channels name it. */
export const SHIPPING_METHODS = ["mail", "entrusted", "personal_delivery", "email"] as const;

/** A claim's shipping method in an answer (null when the channel gave none). */
export type ShippingMethod = (typeof SHIPPING_METHODS)[number] | null;

export const money = z.number().openapi({ type: "number", multipleOf: 0.01, example: 149.9 });
