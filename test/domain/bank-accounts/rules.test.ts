import { describe, expect, it } from "vitest";
import { changedFields } from "../../../src/domain/bank-accounts/changes";
import { mainFlagsToClear, raisedOnUpdate } from "../../../src/domain/bank-accounts/main-account";
import { openingBalanceAdjustment } from "../../../src/domain/bank-accounts/opening-balance";

describe("mainFlagsToClear", () => {
  it.each([
    [
      { mainIncome: true, mainPayment: false },
      { income: true, payment: true },
    ],
    [
      { mainIncome: true, mainPayment: true },
      { income: true, payment: true },
    ],
    [
      { mainIncome: false, mainPayment: true },
      { income: false, payment: true },
    ],
    [{ mainIncome: false, mainPayment: false }, null],
  ])("%o clears %o", (raised, expected) => {
    expect(mainFlagsToClear(raised)).toEqual(expected);
  });
});

describe("raisedOnUpdate", () => {
  it.each([
    // sent, result, moved, raised
    [{ mainIncome: 1 }, { mainIncome: 1, mainPayment: 0 }, false, { mainIncome: true, mainPayment: false }],
    [{ mainPayment: 1 }, { mainIncome: 0, mainPayment: 1 }, false, { mainIncome: false, mainPayment: true }],
    [{}, { mainIncome: 1, mainPayment: 1 }, false, { mainIncome: false, mainPayment: false }],
    [{}, { mainIncome: 1, mainPayment: 0 }, true, { mainIncome: true, mainPayment: false }],
    [{ mainIncome: 0 }, { mainIncome: 0, mainPayment: 1 }, true, { mainIncome: false, mainPayment: true }],
  ])("sent %o, result %o, moved %s -> %o", (sent, result, moved, expected) => {
    expect(raisedOnUpdate(sent, result, moved)).toEqual(expected);
  });
});

describe("openingBalanceAdjustment", () => {
  it.each([
    // desired, balance, date -> type, value, entry date
    [100_000, 40_000, "2026-03-10", 0, 60_000, "2026-03-09 23:59:59"],
    [15_025, 40_000, "2026-03-10", 1, 24_975, "2026-03-09 23:59:59"],
    [-2_000, 0, "2026-03-01", 1, 2_000, "2026-02-28 23:59:59"],
    [1, -1, "2024-03-01", 0, 2, "2024-02-29 23:59:59"],
    [5_000, 0, "2026-01-01", 0, 5_000, "2025-12-31 23:59:59"],
  ])("desired %i over %i on %s -> type %i of %i at %s", (desired, balance, date, type, value, at) => {
    expect(openingBalanceAdjustment(desired, balance, date)).toEqual({
      typeAccount: type,
      value,
      date: at,
      description: `Ajuste de saldo inicial para ${date}`,
      document: "AJUSTE",
      balanceBefore: balance,
      balanceAfter: desired,
    });
  });

  it("answers null when the balance is already the desired one", () => {
    expect(openingBalanceAdjustment(40_000, 40_000, "2026-03-10")).toBeNull();
  });
});

describe("changedFields", () => {
  it.each([
    [null, { Bank: "Itaú", Agency: null }, { Bank: { Before: null, After: "Itaú" } }],
    [{ Bank: "Itaú", Agency: "1" }, { Bank: "Itaú", Agency: "2" }, { Agency: { Before: "1", After: "2" } }],
    [{ IDTypeOrder: 3 }, { IDTypeOrder: null }, { IDTypeOrder: { Before: 3, After: null } }],
    [{ MainIncome: 0 }, { MainIncome: 0 }, {}],
  ])("%o -> %o", (before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });
});
