import { addDays } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { ADJUSTMENT_DOCUMENT, adjustmentDescription } from "./messages";

/** The entry that brings an account to the desired opening balance (SPEC: PUT mode 2). */
export type OpeningBalanceAdjustment = {
  /** 0 = inflow, 1 = outflow. */
  typeAccount: 0 | 1;
  value: Cents;
  /** The day before the opening-balance date, at 23:59:59. */
  date: string;
  description: string;
  document: string;
  balanceBefore: Cents;
  balanceAfter: Cents;
};

/** The last day counted in the balance an opening balance is compared with. */
export const previousDayOf = (initialBalanceDate: string) => addDays(initialBalanceDate, -1);

/**
 * The opening balance of `initialBalanceDate` is the balance at the end of the previous day, so the
 * difference is posted on that day at 23:59:59; null when the account already has that balance.
 */
export function openingBalanceAdjustment(
  desired: Cents,
  balanceUpToPreviousDay: Cents,
  initialBalanceDate: string,
): OpeningBalanceAdjustment | null {
  const difference = desired - balanceUpToPreviousDay;
  if (difference === 0) return null;
  const previousDay = previousDayOf(initialBalanceDate);
  return {
    typeAccount: difference > 0 ? 0 : 1,
    value: Math.abs(difference),
    date: `${previousDay} 23:59:59`,
    description: adjustmentDescription(initialBalanceDate),
    document: ADJUSTMENT_DOCUMENT,
    balanceBefore: balanceUpToPreviousDay,
    balanceAfter: desired,
  };
}
