import { addDays } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { addBusinessDays } from "./business-days";

/** Where the additional business days of a rate go: 1 before the calendar days, 2 after them. */
export type BusinessDaysPosition = 1 | 2;

/** The part of a payment type's rate that fixes due dates. */
export type PaymentRate = {
  installments: number;
  /** Calendar days from the base date to the first installment. */
  firstDueDays: number;
  /** Calendar days between installments. */
  intervalDays: number;
  additionalBusinessDays: number;
  additionalBusinessDaysPosition: BusinessDaysPosition;
};

export type Installment = { number: number; dueDate: string; valueCents: Cents };

/**
 * The installments of `totalCents` paid under `rate` from `baseDate` (the order or purchase date).
 * Installment n is due `firstDueDays + (n - 1) * intervalDays` calendar days after the base date; the
 * rate's business days are counted from the base date before those days (position 1, start) or from
 * the calendar due date after them (position 2, end). Cents that do not divide evenly go to the first
 * installment, so the installments always add up to the total.
 */
export function installmentSchedule(rate: PaymentRate, baseDate: string, totalCents: Cents): Installment[] {
  const count = Math.max(1, rate.installments);
  const share = Math.floor(totalCents / count);
  const start =
    rate.additionalBusinessDaysPosition === 1
      ? addBusinessDays(baseDate, rate.additionalBusinessDays)
      : baseDate;
  return Array.from({ length: count }, (_, index) => {
    const calendarDue = addDays(start, rate.firstDueDays + index * rate.intervalDays);
    const dueDate =
      rate.additionalBusinessDaysPosition === 2
        ? addBusinessDays(calendarDue, rate.additionalBusinessDays)
        : calendarDue;
    const valueCents = index === 0 ? totalCents - share * (count - 1) : share;
    return { number: index + 1, dueDate, valueCents };
  });
}
