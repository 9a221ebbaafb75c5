/**
 * Fees per order from Mercado Livre's billing API ("Billing reports by orders and packs"):
 * `GET /billing/integration/group/ML/order/details?order_ids=<id,...>` answers
 * `{offset, limit, total, results: [{order_id, payment_info[], sale_fee, details[]}]}`:
 * - `payment_info[] {payment_id, money_release_date, money_release_status}`: the order's money is
 *   settled only when every payment is `released` (the release date: the latest of them);
 * - the sale fee: `sale_fee.net` (Brazil: the fee charged after rebate and discount), else the sum of
 *   the `details[].charge_info` charges of sub-type `CV` ("Cargo por venda");
 * - the shipping cost the seller pays: the `details[].charge_info` charges of sub-type `CXD`
 *   ("Cargo por Mercado Envios");
 * - what was paid: `details[].sales_info[].transaction_amount` of the order.
 * The net per order is paid - fee - shipping cost.
 */
import { z } from "zod";
import type { ChannelSettlement } from "../types";
import { ChannelError } from "../types";
import type { MlHttp } from "./http";
import type { MlPendingRefund } from "./types";

/** Order ids asked per billing call. */
export const ML_BILLING_BATCH = 50;

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const money = z.number().finite().nonnegative().max(999_999_999);
const dateTime = z.string().refine((text) => !Number.isNaN(Date.parse(text)), "date");

const MlOrderDetail = z.object({
  order_id: id,
  payment_info: z
    .array(
      z.object({
        payment_id: id.nullish(),
        money_release_date: dateTime.nullish(),
        money_release_status: z.string().max(40).nullish(),
      }),
    )
    .max(100)
    .nullish(),
  sale_fee: z.object({ net: money.nullish(), gross: money.nullish() }).nullish(),
  details: z
    .array(
      z.object({
        charge_info: z
          .object({
            detail_amount: money.nullish(),
            detail_type: z.string().max(40).nullish(),
            detail_sub_type: z.string().max(40).nullish(),
          })
          .nullish(),
        sales_info: z
          .array(z.object({ order_id: id.nullish(), transaction_amount: money.nullish() }))
          .max(100)
          .nullish(),
      }),
    )
    .max(500)
    .nullish(),
});
export type MlOrderDetail = z.infer<typeof MlOrderDetail>;

const MlOrderDetails = z.object({ results: z.array(z.unknown()).max(1000) });

const cents = (value: number) => Math.round(value * 100);

/** The billing details of the orders (one call per 50 ids); an order the API does not know is absent. */
export async function fetchMlOrderDetails(http: MlHttp, orderIds: string[]): Promise<MlOrderDetail[]> {
  const out: MlOrderDetail[] = [];
  for (let i = 0; i < orderIds.length; i += ML_BILLING_BATCH) {
    const batch = orderIds.slice(i, i + ML_BILLING_BATCH);
    const answer = MlOrderDetails.safeParse(
      await http.get("/billing/integration/group/ML/order/details", { order_ids: batch.join(",") }),
    );
    if (!answer.success) throw new ChannelError("invalid_answer");
    for (const value of answer.data.results) {
      const detail = MlOrderDetail.safeParse(value);
      if (!detail.success) throw new ChannelError("invalid_answer");
      if (batch.includes(detail.data.order_id)) out.push(detail.data);
    }
  }
  return out;
}

const chargesOf = (detail: MlOrderDetail, subType: string) =>
  (detail.details ?? []).reduce((sum, d) => {
    const charge = d.charge_info;
    if (!charge || charge.detail_sub_type !== subType || (charge.detail_type ?? "CHARGE") !== "CHARGE")
      return sum;
    return sum + cents(charge.detail_amount ?? 0);
  }, 0);

/**
 * The settlement of an order whose money was released (every payment `released`); null while it is
 * not (it comes in a later pull). An order released without what was paid is an invalid answer.
 */
export function settlementOfDetail(detail: MlOrderDetail): ChannelSettlement | null {
  const payments = detail.payment_info ?? [];
  if (payments.length === 0 || payments.some((p) => p.money_release_status !== "released")) return null;
  const dates = payments.map((p) => p.money_release_date);
  if (dates.some((d) => !d)) throw new ChannelError("invalid_answer");
  const released = (dates as string[]).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
  const sale = (detail.details ?? [])
    .flatMap((d) => d.sales_info ?? [])
    .find((s) => (s.order_id ?? detail.order_id) === detail.order_id && s.transaction_amount != null);
  if (!sale) throw new ChannelError("invalid_answer");
  const grossCents = cents(sale.transaction_amount!);
  const commissionCents = detail.sale_fee?.net != null ? cents(detail.sale_fee.net) : chargesOf(detail, "CV");
  const feesCents = chargesOf(detail, "CXD");
  return {
    id: `ml-order-${detail.order_id}`,
    orderId: detail.order_id,
    releasedOn: released.slice(0, 10),
    grossCents,
    commissionCents,
    feesCents,
    netCents: grossCents - commissionCents - feesCents,
  };
}

/** Settled orders whose refunds are looked at per settlement call. */
export const ML_REFUND_BATCH = 100;

/**
 * A refund after release as a settlement line: the reversal of what the channel had paid out for the
 * order (the part refunded since the lines stored: gross and net negative, no fee given back), dated
 * the refund's day. Its id carries the refunded total (`ml-refund-<order>-<cents>`): a later partial
 * refund is a new line with the difference; the same total is never stored twice. Nothing new: null.
 */
export function refundSettlementOf(refund: MlPendingRefund): ChannelSettlement | null {
  const delta = refund.refundedCents - refund.recordedCents;
  if (delta <= 0) return null;
  return {
    id: `ml-refund-${refund.orderId}-${refund.refundedCents}`,
    orderId: refund.orderId,
    releasedOn: refund.on,
    grossCents: -delta,
    commissionCents: 0,
    feesCents: 0,
    netCents: -delta,
  };
}
