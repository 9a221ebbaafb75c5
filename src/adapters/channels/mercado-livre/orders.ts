/**
 * Mercado Livre's order resources as the adapter reads them (developers.mercadolivre.com.br,
 * "Gerenciar orders", "Gerenciamento de envios", "Dados para emissão de Nota Fiscal", packs):
 * `GET /orders/search` (`results`, `paging {total, offset, limit}`), `GET /orders/{id}`,
 * `GET /orders/{id}/billing_info` (`x-version: 2`), `GET /shipments/{id}` (`x-format-new: true`)
 * and `GET /packs/{id}`; and their mapping onto the hub's `ChannelOrder`.
 */
import { z } from "zod";
import type { ChannelOrder } from "../types";

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const money = z.number().finite().nonnegative();
const dateTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)), "date");

export const MlOrder = z.object({
  id,
  status: z.string().max(40),
  date_created: dateTime,
  date_last_updated: dateTime.optional(),
  last_updated: dateTime.optional(),
  pack_id: id.nullish(),
  order_items: z
    .array(
      z.object({
        item: z.object({
          id: z.string().max(40),
          title: z.string().max(500),
          seller_sku: z.string().max(100).nullish(),
          seller_custom_field: z.string().max(100).nullish(),
          variation_id: id.nullish(),
        }),
        quantity: z.number().int().positive(),
        unit_price: money,
        full_unit_price: money.nullish(),
      }),
    )
    .min(1)
    .max(500),
  total_amount: money,
  buyer: z.object({
    id,
    nickname: z.string().max(200).nullish(),
    first_name: z.string().max(200).nullish(),
    last_name: z.string().max(200).nullish(),
    email: z.string().max(200).nullish(),
  }),
  seller: z.object({ id }),
  shipping: z.object({ id: id.nullish() }).nullish(),
  // the claims (mediations) opened on the order: `[{id}]`, each a `/post-purchase/v1/claims/{id}`
  mediations: z.array(z.object({ id })).max(100).nullish(),
  payments: z
    .array(
      z.object({
        shipping_cost: money.nullish(),
        // what the payment gave back to the buyer (partial or full refunds) and its last change
        transaction_amount_refunded: money.nullish(),
        date_last_modified: z.string().max(40).nullish(),
      }),
    )
    .nullish(),
});
export type MlOrder = z.infer<typeof MlOrder>;

export const MlOrderSearch = z.object({
  results: z.array(z.unknown()).max(1000),
  paging: z.object({
    total: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative(),
    limit: z.number().int().nonnegative(),
  }),
});

export const MlShipment = z.object({
  id,
  status: z.string().max(40),
  substatus: z.string().max(60).nullish(),
  tracking_number: z.string().max(100).nullish(),
  tracking_method: z.string().max(100).nullish(),
  logistic: z.object({ mode: z.string().max(40).nullish(), type: z.string().max(40).nullish() }).nullish(),
});
export type MlShipment = z.infer<typeof MlShipment>;

export const MlPack = z.object({
  id,
  status: z.string().max(40).nullish(),
  orders: z.array(z.object({ id })).max(500),
  shipment: z.object({ id: id.nullish() }).nullish(),
});
export type MlPack = z.infer<typeof MlPack>;

/** `x-version: 2` billing info: the buyer's CPF/CNPJ and name. */
export const MlBillingInfo = z.object({
  buyer: z.object({
    billing_info: z.object({
      name: z.string().max(200).nullish(),
      last_name: z.string().max(200).nullish(),
      identification: z
        .object({ type: z.string().max(20).nullish(), number: z.string().max(30).nullish() })
        .nullish(),
    }),
  }),
});
export type MlBillingInfo = z.infer<typeof MlBillingInfo>;

/** When the order last changed: `date_last_updated` (search) or `last_updated` (detail). */
export const lastUpdatedOf = (order: MlOrder) =>
  order.date_last_updated ?? order.last_updated ?? order.date_created;

const cents = (value: number) => Math.round(value * 100);

const utcText = (text: string) => new Date(Date.parse(text)).toISOString().slice(0, 19).replace("T", " ");

/** Order statuses of Mercado Livre (and its shipment's) -> the hub's channel status. */
export function channelStatusOf(order: MlOrder, shipment: MlShipment | null): ChannelOrder["status"] {
  switch (order.status) {
    case "cancelled":
    case "invalid":
      return "cancelled";
    case "paid":
    case "partially_refunded":
      if (shipment?.status === "delivered") return "delivered";
      if (shipment?.status === "shipped") return "shipped";
      return "paid";
    default:
      // confirmed, payment_required, payment_in_process, partially_paid, pending_cancel
      return "pending_payment";
  }
}

/** The seller's own code of an order item: `seller_sku`, else `seller_custom_field`; null when neither. */
export function sellerCodeOf(item: MlOrder["order_items"][number]["item"]): string | null {
  return item.seller_sku?.trim() || item.seller_custom_field?.trim() || null;
}

/** The listing key of an order item: `MLB…`, or `MLB…/<variation>` for a variation. */
export const listingKeyOf = (item: MlOrder["order_items"][number]["item"]) =>
  item.variation_id ? `${item.id}/${item.variation_id}` : item.id;

/**
 * The SKU code of an order item: the seller's code, else the listing mapping's SKU for its listing
 * key (`mapped`), else the listing key itself (no SKU has it: the item is reported unmapped).
 */
export function skuCodeOf(
  item: MlOrder["order_items"][number]["item"],
  mapped: ReadonlyMap<string, string> = new Map(),
): string {
  const key = listingKeyOf(item);
  return sellerCodeOf(item) ?? mapped.get(key) ?? key;
}

export type MlOrderParts = {
  order: MlOrder;
  billing: MlBillingInfo | null;
  shipment: MlShipment | null;
  pack: MlPack | null;
  /** SKU codes of listing keys by the hub's listing mapping (items with no seller code). */
  mapped?: ReadonlyMap<string, string>;
};

/** One Mercado Livre order, with its buyer's billing info, shipment and pack, as a channel order. */
export function channelOrderOf({ order, billing, shipment, pack, mapped }: MlOrderParts): ChannelOrder {
  const info = billing?.buyer.billing_info;
  // a CPF or a CNPJ (numeric or alphanumeric) as stored: no punctuation, upper case
  const document =
    info?.identification?.number?.toUpperCase().replace(/[^0-9A-Z]/g, "") || `ML${order.buyer.id}`;
  const billingName = [info?.name, info?.last_name].filter(Boolean).join(" ").trim();
  const buyerName = [order.buyer.first_name, order.buyer.last_name].filter(Boolean).join(" ").trim();
  const shippingCents = (order.payments ?? []).reduce((sum, p) => sum + cents(p.shipping_cost ?? 0), 0);
  return {
    id: order.id,
    status: channelStatusOf(order, shipment),
    orderedAt: utcText(order.date_created),
    updatedAt: utcText(lastUpdatedOf(order)),
    buyer: {
      name: (billingName || buyerName || order.buyer.nickname || `Comprador ${order.buyer.id}`).slice(0, 150),
      document,
      email: order.buyer.email ?? null,
    },
    items: order.order_items.map((line) => {
      const unit = cents(line.full_unit_price ?? line.unit_price);
      const paid = cents(line.unit_price);
      return {
        sku: skuCodeOf(line.item, mapped),
        title: line.item.title.slice(0, 200),
        quantity: line.quantity,
        unitPriceCents: unit,
        discountCents: Math.max(0, unit - paid) * line.quantity,
      };
    }),
    shippingCents,
    shipmentId: shipment?.id ?? order.shipping?.id ?? pack?.shipment?.id ?? null,
    packId: order.pack_id ?? null,
    shippingMethod: null,
    shipment: shipment
      ? {
          status: shipment.status,
          trackingNumber: shipment.tracking_number ?? null,
          logisticType: shipment.logistic?.type ?? null,
          mode: shipment.logistic?.mode ?? null,
        }
      : null,
    coupon: null,
    utm: {
      source: null,
      medium: null,
      campaign: null,
      internalCampaign: null,
      internalPage: null,
      internalPart: null,
    },
    claims: [],
    ...refundOf(order),
  };
}

/**
 * The order's refunds (`payments[].transaction_amount_refunded`, summed): absent when none, so an
 * order never refunded keeps the channel data it had; dated by the latest change of a refunded
 * payment (`date_last_modified`, else the order's last update).
 */
export function refundOf(order: MlOrder): { refund?: { cents: number; on: string } } {
  const refunded = (order.payments ?? []).filter((p) => (p.transaction_amount_refunded ?? 0) > 0);
  const total = refunded.reduce((sum, p) => sum + cents(p.transaction_amount_refunded ?? 0), 0);
  if (total === 0) return {};
  const dates = refunded
    .map((p) => p.date_last_modified)
    .filter((d): d is string => !!d && !Number.isNaN(Date.parse(d)));
  const latest =
    dates.length === 0
      ? lastUpdatedOf(order)
      : dates.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
  return { refund: { cents: total, on: utcText(latest).slice(0, 10) } };
}
