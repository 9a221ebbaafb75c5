import { describe, expect, it } from "vitest";
import { computeTaxes, itemAmount, type TaxRates, taxOf } from "../../../src/domain/orders/taxes";

const rates: TaxRates = {
  icmsCst: "00",
  icmsRate: 1800,
  ipiCst: "50",
  ipiRate: 500,
  pisCst: "01",
  pisRate: 165,
  cofinsCst: "01",
  cofinsRate: 760,
  cstIbsCbsId: 1,
  ibsRate: 10,
  cbsRate: 90,
};

describe("item taxes", () => {
  it.each([
    [10000, 1800, 1800],
    [333, 165, 5], // 5.4945 -> 5
    [1000, 5, 1], // 0.5 -> 1 (half up)
    [999, 5, 0], // 0.4995 -> 0
    [0, 1800, 0],
  ])("taxOf(%i, %i) = %i", (base, rate, expected) => expect(taxOf(base, rate)).toBe(expected));

  it("amount: quantity in thousandths x price, rounded half up, less the discount", () => {
    expect(itemAmount(1500, 999, 0)).toBe(1499); // 1.5 x 9.99 = 14.985 -> 14.99
    expect(itemAmount(2000, 10000, 2000)).toBe(18000);
  });

  it("ReverseTaxCalculation 0 sums the taxes on top of the amount", () => {
    expect(computeTaxes(10000, rates, false)).toEqual({
      value: 10000,
      icmsValue: 1800,
      ipiValue: 500,
      pisValue: 165,
      cofinsValue: 760,
      ibsValue: 10,
      cbsValue: 90,
      taxTotal: 3325,
      total: 13325,
    });
  });

  it("ReverseTaxCalculation 1 takes them out: value + taxes = the amount, to the cent", () => {
    const reverse = computeTaxes(13325, rates, true);
    expect(reverse).toMatchObject({ value: 10000, taxTotal: 3325, total: 13325, icmsValue: 1800 });
    for (const amount of [1, 99, 12345, 999_999]) {
      const t = computeTaxes(amount, rates, true);
      expect(t.value + t.taxTotal).toBe(amount);
      expect(t.total).toBe(amount);
    }
  });
});
