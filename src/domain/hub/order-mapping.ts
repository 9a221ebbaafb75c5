import type { ChannelOrder } from "../../adapters/channels/types";
import { nowIn } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { ORDER_STATUS } from "../orders/order-statuses";

/** The channel's order status -> IDStatusOrder of the order status registry. */
export const STATUS_OF_CHANNEL: Record<ChannelOrder["status"], number> = {
  pending_payment: ORDER_STATUS.awaitingPayment,
  paid: ORDER_STATUS.paymentApproved,
  shipped: ORDER_STATUS.shipped,
  delivered: ORDER_STATUS.delivered,
  cancelled: ORDER_STATUS.cancelled,
};

export type HubOrderItemValues = {
  line: number;
  channelSkuCode: string;
  skuId: number | null;
  title: string;
  quantity: number;
  unitPrice: Cents;
  discount: Cents;
};

/** A pulled order as the hub stores it; `consumerDocument` finds or creates the consumer. */
export type HubOrderValues = {
  channelOrderId: string;
  channelStatus: string;
  statusOrderId: number;
  orderedAt: string;
  consumerName: string;
  consumerDocument: string;
  consumerEmail: string | null;
  shippingId: string | null;
  packId: string | null;
  shippingMethod: string | null;
  coupon: string | null;
  utmCampaign: string | null;
  utmMedium: string | null;
  utmSource: string | null;
  utmiCampaign: string | null;
  utmiPage: string | null;
  utmiPart: string | null;
  itemsValue: Cents;
  shippingValue: Cents;
  discountValue: Cents;
  totalValue: Cents;
  unmappedSkus: string[];
  channelData: string;
  items: HubOrderItemValues[];
  claims: {
    channelClaimId: string;
    reason: string;
    channelStatus: string;
    shippingMethod: string | null;
    openedAt: string;
  }[];
};

const utcDate = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

/**
 * Maps a channel order onto the company: SKUs by the channel's SKU code (codes with no SKU are
 * listed in `unmappedSkus`), date-times into the company's zone, money in cents.
 */
export function mapChannelOrder(
  order: ChannelOrder,
  skuIdOf: (code: string) => number | undefined,
  timeZone: string,
): HubOrderValues {
  const items = order.items.map((item, line) => ({
    line,
    channelSkuCode: item.sku,
    skuId: skuIdOf(item.sku) ?? null,
    title: item.title,
    quantity: item.quantity,
    unitPrice: item.unitPriceCents,
    discount: item.discountCents,
  }));
  const itemsValue = items.reduce((sum, item) => sum + item.unitPrice * item.quantity - item.discount, 0);
  const discountValue = order.coupon?.discountCents ?? 0;
  return {
    channelOrderId: order.id,
    channelStatus: order.status,
    statusOrderId: STATUS_OF_CHANNEL[order.status],
    orderedAt: nowIn(timeZone, utcDate(order.orderedAt)),
    consumerName: order.buyer.name,
    consumerDocument: order.buyer.document,
    consumerEmail: order.buyer.email,
    shippingId: order.shipmentId,
    packId: order.packId,
    shippingMethod: order.shippingMethod,
    coupon: order.coupon?.code ?? null,
    utmCampaign: order.utm.campaign,
    utmMedium: order.utm.medium,
    utmSource: order.utm.source,
    utmiCampaign: order.utm.internalCampaign,
    utmiPage: order.utm.internalPage,
    utmiPart: order.utm.internalPart,
    itemsValue,
    shippingValue: order.shippingCents,
    discountValue,
    totalValue: itemsValue + order.shippingCents - discountValue,
    unmappedSkus: [
      ...new Set(items.filter((item) => item.skuId === null).map((item) => item.channelSkuCode)),
    ],
    channelData: JSON.stringify(order),
    items,
    claims: order.claims.map((claim) => ({
      channelClaimId: claim.id,
      reason: claim.reason,
      channelStatus: claim.status,
      shippingMethod: claim.shippingMethod,
      openedAt: nowIn(timeZone, utcDate(claim.openedAt)),
    })),
  };
}

/** A page may repeat an order (channels do): the first occurrence is kept, the rest counted as duplicates. */
export function uniqueOrders(orders: ChannelOrder[]): { orders: ChannelOrder[]; repeated: number } {
  const seen = new Set<string>();
  const kept = orders.filter((order) => !seen.has(order.id) && seen.add(order.id));
  return { orders: kept, repeated: orders.length - kept.length };
}
