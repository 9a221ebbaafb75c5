import { describe, expect, it } from "vitest";
import { addBusinessDays, isBusinessDay } from "../../../src/domain/payment-terms/business-days";
import { easterSunday, nationalHolidays } from "../../../src/domain/payment-terms/holidays";
import { installmentSchedule, type PaymentRate } from "../../../src/domain/payment-terms/schedule";
import { isCalendarDate, MAX_DATE, MIN_DATE } from "../../../src/lib/dates";

describe("national financial calendar", () => {
  it("finds Easter Sunday", () => {
    expect([2000, 2019, 2024, 2025, 2026, 2027, 2038].map(easterSunday)).toEqual([
      "2000-04-23",
      "2019-04-21",
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });

  it("lists 2026's non-working days: fixed, Carnival, Good Friday, Corpus Christi", () => {
    expect([...nationalHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-02-16",
      "2026-02-17",
      "2026-04-03",
      "2026-04-21",
      "2026-05-01",
      "2026-06-04",
      "2026-09-07",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ]);
  });

  it("has 20 November only from 2024", () => {
    expect(nationalHolidays(2023).has("2023-11-20")).toBe(false);
    expect(nationalHolidays(2024).has("2024-11-20")).toBe(true);
  });

  it("counts business days past weekends and holidays, the start day excluded", () => {
    expect(isBusinessDay("2026-11-23")).toBe(true); // Monday
    expect(isBusinessDay("2026-11-21")).toBe(false); // Saturday
    expect(isBusinessDay("2026-11-20")).toBe(false); // Friday, Consciência Negra
    expect(addBusinessDays("2026-11-19", 1)).toBe("2026-11-23");
    expect(addBusinessDays("2026-02-13", 1)).toBe("2026-02-18"); // Friday before Carnival
    expect(addBusinessDays("2026-12-24", 2)).toBe("2026-12-29");
    expect(addBusinessDays("2026-11-21", 0)).toBe("2026-11-21");
  });
});

const rate = (over: Partial<PaymentRate>): PaymentRate => ({
  installments: 1,
  firstDueDays: 30,
  intervalDays: 30,
  additionalBusinessDays: 0,
  additionalBusinessDaysPosition: 2,
  ...over,
});

describe("installment schedule", () => {
  it("splits the total, the odd cents on the first installment", () => {
    const schedule = installmentSchedule(rate({ installments: 3 }), "2026-01-10", 10_000);
    expect(schedule).toEqual([
      { number: 1, dueDate: "2026-02-09", valueCents: 3334 },
      { number: 2, dueDate: "2026-03-11", valueCents: 3333 },
      { number: 3, dueDate: "2026-04-10", valueCents: 3333 },
    ]);
  });

  it("always adds up to the total", () => {
    for (const [installments, total] of [
      [7, 100],
      [12, 99_999],
      [5, 3],
      [60, 123_456_789],
    ] as const) {
      const schedule = installmentSchedule(rate({ installments }), "2026-05-31", total);
      expect(schedule).toHaveLength(installments);
      expect(schedule.reduce((sum, i) => sum + i.valueCents, 0)).toBe(total);
    }
  });

  it("adds business days after the calendar due date (position 2, end)", () => {
    // 2026-11-18 + 2 days = Friday 20 November (holiday): 2 business days after it are 23 and 24.
    const [first] = installmentSchedule(
      rate({ firstDueDays: 2, additionalBusinessDays: 2, additionalBusinessDaysPosition: 2 }),
      "2026-11-18",
      500,
    );
    expect(first?.dueDate).toBe("2026-11-24");
  });

  it("adds business days from the base date before the calendar days (position 1, start)", () => {
    // 2 business days after Wednesday 18 November are Thursday 19 and Monday 23; then +2 days.
    const [first] = installmentSchedule(
      rate({ firstDueDays: 2, additionalBusinessDays: 2, additionalBusinessDaysPosition: 1 }),
      "2026-11-18",
      500,
    );
    expect(first?.dueDate).toBe("2026-11-25");
  });

  it("answers a Pix-like rate of D+0 on the base date", () => {
    expect(installmentSchedule(rate({ firstDueDays: 0 }), "2026-11-21", 100)).toEqual([
      { number: 1, dueDate: "2026-11-21", valueCents: 100 },
    ]);
  });
});

describe("due dates from the accepted date range", () => {
  it.each([MIN_DATE, MAX_DATE, "2100-02-28", "2099-12-31"])(
    "the longest terms from %s give four-digit calendar dates, in order, without throwing",
    (base) => {
      for (const position of [1, 2] as const) {
        const schedule = installmentSchedule(
          rate({
            installments: 120,
            firstDueDays: 3650,
            intervalDays: 3650,
            additionalBusinessDays: 365,
            additionalBusinessDaysPosition: position,
          }),
          base,
          99_999_999_999_999,
        );
        expect(schedule).toHaveLength(120);
        for (const { dueDate } of schedule) expect(isCalendarDate(dueDate)).toBe(true);
        const dates = schedule.map((i) => i.dueDate);
        expect([...dates].sort()).toEqual(dates);
        expect(dates[0]! > base).toBe(true);
      }
    },
  );

  it("business days can be added to the last accepted date", () => {
    expect(addBusinessDays(MAX_DATE, 365)).toMatch(/^2102-\d{2}-\d{2}$/);
    expect(isBusinessDay(addBusinessDays(MAX_DATE, 1))).toBe(true);
  });
});
