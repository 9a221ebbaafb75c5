import { daysBetween } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { businessDaysBetween } from "../statement/same-movement";

/**
 * Transfers between the company's own accounts seen on both sides: a debit on one account and a
 * credit of the same amount on another, possibly on different dates (a Saturday Pix booked on
 * Monday). Pure: proposes the pairs; accepting one is `acceptTransferProposal` (docs/RECONCILIATION.md,
 * "Transfer proposals").
 */

/** A pending bank line of one of the company's accounts. */
export type ProposalLine = {
  id: number;
  bankAccountId: number;
  /** `YYYY-MM-DD` */
  date: string;
  /** Signed cents: credit > 0, debit < 0. */
  value: Cents;
  description: string;
};

/**
 * How many business days the credit may be booked after (or before) the debit: 1, so a movement of
 * a Friday, a weekend or a holiday booked on the next business day still pairs (the national
 * financial calendar, `payment-terms/holidays.ts`).
 */
export const TRANSFER_WINDOW_BUSINESS_DAYS = 1;

/** Never more than this many calendar days apart (a long holiday run is still within it). */
const MAX_CALENDAR_DAYS = 6;

export type TransferProposal = {
  /** The debit line (money out of `from`). */
  from: ProposalLine;
  /** The credit line (money into `to`). */
  to: ProposalLine;
  /** Cents moved (positive). */
  value: Cents;
  /** Business days between the two lines' dates. */
  businessDays: number;
};

export type SkippedPair = { lineIds: number[]; reason: "ambiguous" };

/** Whether a debit and a credit can be the two sides of one transfer. */
export function canPair(debit: ProposalLine, credit: ProposalLine): boolean {
  return (
    debit.value < 0 &&
    credit.value === -debit.value &&
    debit.bankAccountId !== credit.bankAccountId &&
    Math.abs(daysBetween(debit.date, credit.date)) <= MAX_CALENDAR_DAYS &&
    Math.abs(businessDaysBetween(debit.date, credit.date)) <= TRANSFER_WINDOW_BUSINESS_DAYS
  );
}

/**
 * The transfers the lines show: each debit paired with the one credit that fits it, when that credit
 * fits no other debit. A line with two or more partners (two transfers of the same amount the same
 * day, a transfer and a refund) is not proposed: its pairs are listed as `ambiguous` for a person.
 * Proposals come in the debit's date order, then its id.
 */
export function proposeTransfers(lines: readonly ProposalLine[]): {
  proposals: TransferProposal[];
  ambiguous: SkippedPair[];
} {
  const debits = lines.filter((l) => l.value < 0);
  const credits = lines.filter((l) => l.value > 0);
  const partnersOfCredit = new Map<number, ProposalLine[]>();
  const partnersOfDebit = new Map<number, ProposalLine[]>();
  for (const debit of debits) {
    const fits = credits.filter((credit) => canPair(debit, credit));
    partnersOfDebit.set(debit.id, fits);
    for (const credit of fits)
      partnersOfCredit.set(credit.id, [...(partnersOfCredit.get(credit.id) ?? []), debit]);
  }
  const proposals: TransferProposal[] = [];
  const ambiguous: SkippedPair[] = [];
  const reported = new Set<string>();
  for (const debit of [...debits].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)) {
    const fits = partnersOfDebit.get(debit.id) ?? [];
    if (fits.length === 0) continue;
    if (fits.length === 1 && partnersOfCredit.get(fits[0]!.id)!.length === 1) {
      const credit = fits[0]!;
      proposals.push({
        from: debit,
        to: credit,
        value: credit.value,
        businessDays: Math.abs(businessDaysBetween(debit.date, credit.date)),
      });
      continue;
    }
    const group = [
      debit.id,
      ...fits.map((c) => c.id),
      ...fits.flatMap((c) => partnersOfCredit.get(c.id)!.map((d) => d.id)),
    ];
    const ids = [...new Set(group)].sort((a, b) => a - b);
    const key = ids.join(",");
    if (!reported.has(key)) {
      reported.add(key);
      ambiguous.push({ lineIds: ids, reason: "ambiguous" });
    }
  }
  return { proposals, ambiguous };
}
