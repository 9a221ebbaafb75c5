import type { Cents } from "../../lib/money";

/**
 * Taxes of an order item. Rates are integer hundredths of a percent (18% = 1800); values integer
 * cents rounded half up. `ReverseTaxCalculation` reads the spec's "sums taxes when the value is 0":
 * - 0 (default): the item's amount (quantity x price - discount) is the tax base and the taxes are
 *   summed on top of it: Total = Value + TaxTotal;
 * - 1: the amount already contains the taxes; they are taken out of it: the base is
 *   amount / (1 + sum of rates), each tax is computed on that base, Value = amount - TaxTotal and
 *   Total = amount.
 */
export type TaxRates = {
  icmsCst: string;
  icmsRate: number;
  ipiCst: string;
  ipiRate: number;
  pisCst: string;
  pisRate: number;
  cofinsCst: string;
  cofinsRate: number;
  cstIbsCbsId: number;
  ibsRate: number;
  cbsRate: number;
};

export type ItemTaxes = {
  value: Cents;
  icmsValue: Cents;
  ipiValue: Cents;
  pisValue: Cents;
  cofinsValue: Cents;
  ibsValue: Cents;
  cbsValue: Cents;
  taxTotal: Cents;
  total: Cents;
};

const RATE_SCALE = 10_000;

/** base x rate, rounded half up to the cent (non-negative operands). */
export function taxOf(base: Cents, rate: number): Cents {
  return Math.floor((base * rate * 2 + RATE_SCALE) / (2 * RATE_SCALE));
}

/** The amount of an item before taxes: quantity (thousandths) x unit price - discount, rounded half up. */
export function itemAmount(quantityMilli: number, unitPrice: Cents, discount: Cents): Cents {
  return Math.floor((quantityMilli * unitPrice * 2 + 1000) / 2000) - discount;
}

export function computeTaxes(amount: Cents, rates: TaxRates, reverse: boolean): ItemTaxes {
  const sum =
    rates.icmsRate + rates.ipiRate + rates.pisRate + rates.cofinsRate + rates.ibsRate + rates.cbsRate;
  const base = reverse
    ? Math.floor((amount * RATE_SCALE * 2 + (RATE_SCALE + sum)) / (2 * (RATE_SCALE + sum)))
    : amount;
  const values = {
    icmsValue: taxOf(base, rates.icmsRate),
    ipiValue: taxOf(base, rates.ipiRate),
    pisValue: taxOf(base, rates.pisRate),
    cofinsValue: taxOf(base, rates.cofinsRate),
    ibsValue: taxOf(base, rates.ibsRate),
    cbsValue: taxOf(base, rates.cbsRate),
  };
  const taxTotal =
    values.icmsValue +
    values.ipiValue +
    values.pisValue +
    values.cofinsValue +
    values.ibsValue +
    values.cbsValue;
  return reverse
    ? { value: amount - taxTotal, ...values, taxTotal, total: amount }
    : { value: amount, ...values, taxTotal, total: amount + taxTotal };
}
