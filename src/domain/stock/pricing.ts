import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import {
  MARKUP_BELOW_LIMIT,
  PRICING_NOT_UPDATED_BELOW_COST,
  PRICING_NOT_UPDATED_NOT_POSITIVE,
  PRICING_NOT_UPDATED_NOT_REQUESTED,
  PRICING_RATES_TOO_HIGH,
  PRICING_UPDATED,
} from "./messages";

/** Percentages are given as numbers such as 35.5 (= 35.5 %), with at most 4 decimals. */
export type PricingInput = {
  cost: Cents;
  markupPct: number;
  taxPct: number;
  feePct: number;
  fixedFee: Cents;
};

/**
 * Selling price from cost: price = (cost x (1 + markup) + fixed fee) / (1 - (taxes + fees)),
 * where taxes and fees are charged on the selling price (so they are "inside" it) and the markup
 * is over cost. Rounded half up to the cent. Throws the message when the input cannot price.
 */
export function priceFrom(input: PricingInput): Cents {
  if (input.markupPct < -100) throw badRequest(MARKUP_BELOW_LIMIT);
  const onPrice = input.taxPct + input.feePct;
  if (onPrice >= 100) throw badRequest(PRICING_RATES_TOO_HIGH);
  // Work in units of 1/10000 percent so 4-decimal percentages stay integers.
  const scale = 1_000_000; // 100 % = 1,000,000
  const markup = BigInt(Math.round(input.markupPct * 10_000));
  const rates = BigInt(Math.round(onPrice * 10_000));
  const numerator = BigInt(input.cost) * (BigInt(scale) + markup) + BigInt(input.fixedFee) * BigInt(scale);
  const denominator = BigInt(scale) - rates;
  const twice = 2n * numerator;
  const rounded =
    twice >= 0n ? (twice + denominator) / (2n * denominator) : -((-twice + denominator) / (2n * denominator));
  return Number(rounded);
}

export type PricingDecision = { update: boolean; message: string };

/** `UpdateIfPossible=1` writes the price only when it is positive and not below cost (unless allowed). */
export function pricingDecision(
  price: Cents,
  cost: Cents,
  { requested, allowBelowCost }: { requested: boolean; allowBelowCost: boolean },
): PricingDecision {
  if (!requested) return { update: false, message: PRICING_NOT_UPDATED_NOT_REQUESTED };
  if (price <= 0) return { update: false, message: PRICING_NOT_UPDATED_NOT_POSITIVE };
  if (price < cost && !allowBelowCost) return { update: false, message: PRICING_NOT_UPDATED_BELOW_COST };
  return { update: true, message: PRICING_UPDATED };
}
