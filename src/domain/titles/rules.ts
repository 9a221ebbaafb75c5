import { badRequest } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import type { TitleKind } from "./kinds";
import type { TitleStatus } from "./statuses";

/** Name of a stored status; deleted titles are never answered, so only 1..3 have one. */
export function statusName(kind: TitleKind, status: number): string {
  return kind.statusNames[status as TitleStatus] ?? "";
}

/** What was already paid (or received) on a title. */
export const paidValue = (title: { value: Cents; openValue: Cents }): Cents => title.value - title.openValue;

/** Description of the entry a payment posts: `Pagamento <title>` / `Recebimento <title>`. */
export function paymentEntryDescription(kind: TitleKind, titleDescription: string): string {
  return `${kind.entryPrefix} ${titleDescription}`;
}

/**
 * Date-time of the entry a payment posts: the start of the payment day in the company's zone, so a
 * payment sorts before anything else posted on that day and its day total is the day the user chose.
 */
export const paymentDateTime = (date: string): string => `${date} 00:00:00`;

/** Refuses a payment above what is still open on the title. */
export function assertPaymentFits(kind: TitleKind, value: Cents, openValue: Cents): void {
  if (value > openValue) throw badRequest(kind.messages.overpayment(value, openValue));
}

/** New open value when a title's value changes: what was paid stays paid; a value below it is refused. */
export function openValueForNewValue(
  kind: TitleKind,
  title: { value: Cents; openValue: Cents },
  newValue: Cents,
): Cents {
  const paid = paidValue(title);
  if (newValue < paid) throw badRequest(kind.messages.valueBelowPaid(newValue, paid));
  return newValue - paid;
}
