import { addDays } from "../../lib/dates";
import { nationalHolidays } from "./holidays";

/** Monday to Friday and not a national holiday of the financial calendar. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !nationalHolidays(Number(date.slice(0, 4))).has(date);
}

/**
 * The date `count` business days after `date` (the start day itself does not count, as in "D+2").
 * With `count` 0 the date is answered as it is, business day or not.
 */
export function addBusinessDays(date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}
