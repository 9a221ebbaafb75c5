import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, reservesStock } from "../../src/domain/orders/order-statuses";
import { nextAverageCost, replayCost } from "../../src/domain/stock/average-cost";
import { countDifferences } from "../../src/domain/stock/inventory-differences";
import { priceFrom, pricingDecision } from "../../src/domain/stock/pricing";
import { formatQuantity, quantityProblem, reservedQuantity } from "../../src/domain/stock/quantities";
import { applyPolicy } from "../../src/domain/stock/sales-policy";

describe("moving weighted average", () => {
  it("averages inbound onto a positive balance, half up to the cent", () => {
    expect(nextAverageCost({ qty: 10_000, averageCost: 1250 }, 0, 30_000, 1500)).toBe(1438);
    expect(nextAverageCost({ qty: 1000, averageCost: 100 }, 0, 1000, 101)).toBe(101); // 100.5 -> 101
  });
  it("takes the movement's cost on an empty or negative balance, keeps it on outbound", () => {
    expect(nextAverageCost({ qty: 0, averageCost: 999 }, 0, 5000, 200)).toBe(200);
    expect(nextAverageCost({ qty: -3000, averageCost: 999 }, 0, 5000, 200)).toBe(200);
    expect(nextAverageCost({ qty: 5000, averageCost: 321 }, 1, 2000, 0)).toBe(321);
  });
  it("replays a history", () => {
    expect(
      replayCost([
        { typeMovement: 0, quantity: 10_000, unitCost: 1250 },
        { typeMovement: 0, quantity: 30_000, unitCost: 1500 },
        { typeMovement: 1, quantity: 5_000, unitCost: 1438 },
      ]),
    ).toEqual({ qty: 35_000, averageCost: 1438 });
  });
});

describe("reservation rule over every seeded status", () => {
  it.each(ORDER_STATUSES.map((s) => [s.id, s.description, s.reservesStock] as const))(
    "status %i (%s) reserves: %i",
    (id, _description, flag) => {
      const expected = id === 23 || (id >= 50 && id <= 56);
      expect(reservesStock(id)).toBe(expected);
      expect(flag === 1).toBe(expected);
    },
  );
  it("97 is not handling; reserved sums only reserving statuses", () => {
    expect(ORDER_STATUSES.find((s) => s.id === 97)).toMatchObject({ handling: 0, reservesStock: 0 });
    expect(
      reservedQuantity([
        { statusOrderId: 23, quantity: 1 },
        { statusOrderId: 97, quantity: 10 },
        { statusOrderId: 55, quantity: 100 },
      ]),
    ).toBe(101);
  });
});

describe("quantities", () => {
  const unit = { unit: "UN", decimalQuantity: 0 };
  const kg = { unit: "KG", decimalQuantity: 1 };
  it("whole units refuse fractions; fractional units take up to 3 decimals", () => {
    expect(quantityProblem(2, unit)).toBeNull();
    expect(quantityProblem(2.5, unit)).toBe(
      "Quantidade deve ser inteira: a unidade do SKU (UN) não aceita frações",
    );
    expect(quantityProblem(2.125, kg)).toBeNull();
    expect(quantityProblem(2.1255, kg)).toBe("Quantidade aceita no máximo 3 casas decimais");
    expect(quantityProblem(0, kg, { positive: false })).toBeNull();
    expect(quantityProblem(-1, kg, { positive: false })).toBe("Quantidade não pode ser negativa");
    expect(formatQuantity(1500)).toBe("1.5");
    expect(formatQuantity(-2000)).toBe("-2");
  });
});

describe("pricing", () => {
  it("price = (cost x (1 + markup) + fixed fee) / (1 - taxes - fees)", () => {
    expect(priceFrom({ cost: 1000, markupPct: 80, taxPct: 18, feePct: 12, fixedFee: 0 })).toBe(2571);
    expect(priceFrom({ cost: 1000, markupPct: 0, taxPct: 0, feePct: 0, fixedFee: 500 })).toBe(1500);
    expect(priceFrom({ cost: 1000, markupPct: -100, taxPct: 0, feePct: 0, fixedFee: 0 })).toBe(0);
  });
  it("refuses a markup below -100 % and rates of 100 % or more", () => {
    expect(() => priceFrom({ cost: 1000, markupPct: -100.01, taxPct: 0, feePct: 0, fixedFee: 0 })).toThrow(
      "Markup não pode ser menor que -100%",
    );
    expect(() => priceFrom({ cost: 1000, markupPct: 0, taxPct: 60, feePct: 40, fixedFee: 0 })).toThrow(
      "A soma de impostos e taxas deve ser menor que 100%",
    );
  });
  it("updates only a positive price not below cost, unless allowed", () => {
    expect(pricingDecision(900, 1000, { requested: true, allowBelowCost: false }).update).toBe(false);
    expect(pricingDecision(900, 1000, { requested: true, allowBelowCost: true }).update).toBe(true);
    expect(pricingDecision(0, 0, { requested: true, allowBelowCost: true }).update).toBe(false);
    expect(pricingDecision(2000, 1000, { requested: false, allowBelowCost: false }).update).toBe(false);
  });
});

describe("sales policy and count differences", () => {
  it("keeps batches with stock and enough shelf life, FEFO first", () => {
    const batches = [
      { id: 1, expirationDate: "2026-03-01", qty: 1 },
      { id: 2, expirationDate: "2026-02-01", qty: 1 },
      { id: 3, expirationDate: "2026-01-10", qty: 1 },
      { id: 4, expirationDate: null, qty: 1 },
      { id: 5, expirationDate: "2026-02-15", qty: 0 },
    ];
    expect(
      applyPolicy(batches, { minShelfLifeDays: 30, pickOrder: "FEFO" }, "2026-01-01").map((b) => b.id),
    ).toEqual([2, 1, 4]);
    expect(
      applyPolicy(batches, { minShelfLifeDays: 0, pickOrder: "FIFO" }, "2026-01-01").map((b) => b.id),
    ).toEqual([1, 2, 3, 4]);
  });
  it("one adjustment per difference, in or out", () => {
    expect(
      countDifferences([
        { skuId: 1, batchId: null, countedQty: 5000, systemQty: 3000 },
        { skuId: 2, batchId: null, countedQty: 1000, systemQty: 1000 },
        { skuId: 3, batchId: 7, countedQty: 0, systemQty: 2500 },
      ]).map((d) => [d.skuId, d.direction, d.quantity]),
    ).toEqual([
      [1, 0, 2000],
      [3, 1, 2500],
    ]);
  });
});
