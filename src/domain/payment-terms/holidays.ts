import { addDays } from "../../lib/dates";

/**
 * The national calendar of the Brazilian financial system (the one settlements and due dates follow):
 * the national holidays fixed by law (Leis 662/1949, 6.802/1980, 14.759/2023 for 20 November from 2024,
 * and Good Friday) plus the days banks do not work nationwide: Carnival Monday and Tuesday and
 * Corpus Christi. State and city holidays are not part of it.
 */
const FIXED: readonly { monthDay: string; since?: number }[] = [
  { monthDay: "01-01" },
  { monthDay: "04-21" },
  { monthDay: "05-01" },
  { monthDay: "09-07" },
  { monthDay: "10-12" },
  { monthDay: "11-02" },
  { monthDay: "11-15" },
  { monthDay: "11-20", since: 2024 },
  { monthDay: "12-25" },
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const cache = new Map<number, ReadonlySet<string>>();

/** Every non-working day of the national financial calendar in `year` (`YYYY-MM-DD`). */
export function nationalHolidays(year: number): ReadonlySet<string> {
  const known = cache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const days = new Set<string>([
    ...FIXED.filter((h) => h.since === undefined || year >= h.since).map((h) => `${year}-${h.monthDay}`),
    addDays(easter, -48), // Carnival Monday
    addDays(easter, -47), // Carnival Tuesday
    addDays(easter, -2), // Good Friday
    addDays(easter, 60), // Corpus Christi
  ]);
  cache.set(year, days);
  return days;
}
