/** Calendar helpers. Dates are `YYYY-MM-DD`; date-times `YYYY-MM-DD HH:MM:SS` in the company's zone. */

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/**
 * The range of dates the service accepts, inclusive. Wide enough for any business date, narrow enough
 * that a due date computed from it (at most 120 installments of 3650 days) stays a four-digit year.
 */
export const MIN_DATE = "1900-01-01";
export const MAX_DATE = "2100-12-31";

/** True for a real calendar date written `YYYY-MM-DD`, whatever its year. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** True for a real calendar date written `YYYY-MM-DD` within `MIN_DATE`..`MAX_DATE`. */
export function isValidDate(text: string): boolean {
  return isCalendarDate(text) && text >= MIN_DATE && text <= MAX_DATE;
}

/** True for `HH:MM` or `HH:MM:SS` on a 24-hour clock. */
export function isValidTime(text: string): boolean {
  return TIME_RE.test(text);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A wall-clock formatter for `timeZone` (`YYYY MM DD HH MM SS` parts), built once per zone. */
export function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The parts of `instant` as seen in `timeZone`. */
function zonedParts(instant: Date, timeZone: string) {
  const parts = zonedFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}:${get("second")}`,
  };
}

/** Today in the given zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now = new Date()): string {
  return zonedParts(now, timeZone).date;
}

/** Now in the given zone, `YYYY-MM-DD HH:MM:SS`. */
export function nowIn(timeZone: string, now = new Date()): string {
  const p = zonedParts(now, timeZone);
  return `${p.date} ${p.time}`;
}

/** A UTC `YYYY-MM-DD HH:MM:SS` of the database, as date-time of the given zone; null stays null. */
export function inZone(utc: string, timeZone: string): string;
export function inZone(utc: string | null, timeZone: string): string | null;
export function inZone(utc: string | null, timeZone: string): string | null {
  if (!utc) return null;
  return nowIn(timeZone, new Date(`${utc.replace(" ", "T")}Z`));
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  const toUtc = (s: string) => {
    const [y, m, d] = s.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}
